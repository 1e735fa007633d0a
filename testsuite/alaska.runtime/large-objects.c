/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Objects of 4 GiB or more are raw libc memory, not handles; hfree takes them; hrealloc past 4 GiB moves a handle's contents to raw memory. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^halloc 1 1\ncalloc 1 1\nrealloc 1 1 1\nstats 0 1 3\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated 1\nalaska: handles_freed 1\nalaska: handles_live 0\nalaska: handles_peak 1\nalaska: bytes_live 0\nalaska: raw_fallbacks 3\nalaska: table_bytes 4096\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define GIB ((size_t) 1 << 30)

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  struct alaska_stats st = { .size = sizeof st };

  /* Only a few bytes are touched: the rest is never paged in. */
  char *p = halloc(4 * GIB);
  printf("halloc %d %d\n", p != NULL, p && !alaska_is_handle(p));
  if (p) {
    p[0] = 1;
    p[4 * GIB - 1] = 2;
  }
  hfree(p);

  char *c = hcalloc(4, GIB + 1);
  printf("calloc %d %d\n", c != NULL, c && !alaska_is_handle(c) && c[4 * GIB] == 0);
  hfree(c);

  char *h = halloc(32);
  strcpy(alaska_translate(h), "moved to raw memory");
  char *r = hrealloc(h, 4 * GIB + 16);
  printf("realloc %d %d %d\n", r != NULL, r && !alaska_is_handle(r),
         r && strcmp(r, "moved to raw memory") == 0);
  hfree(r);

  alaska_stats_get(&st);
  printf("stats %llu %llu %llu\n", (unsigned long long) st.handles_live,
         (unsigned long long) st.handles_allocated, (unsigned long long) st.raw_fallbacks);
  return 0;
}
