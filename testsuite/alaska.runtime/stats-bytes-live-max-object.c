/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bytes_live returns to 0 after hrealloc shrinks and hfree frees an object of ALASKA_MAX_OBJECT_SIZE bytes. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^handle 1\nbytes_live 0\n" } */
#include <alaska.h>
#include <stdio.h>

/* halloc, hrealloc and hfree must all count the same (clamped) usable size
 * for an object of more than 2^32 - 1 usable bytes, so bytes_live returns
 * to 0.  Only the first and last bytes are touched. */
int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *h = halloc(ALASKA_MAX_OBJECT_SIZE);
  printf("handle %d\n", h && alaska_is_handle(h));
  h = hrealloc(h, 100);
  hfree(h);
  struct alaska_stats st = { .size = sizeof st };
  alaska_stats_get(&st);
  printf("bytes_live %llu\n", (unsigned long long) st.bytes_live);
  return st.bytes_live != 0;
}
