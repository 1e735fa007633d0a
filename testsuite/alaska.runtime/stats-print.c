/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_STATS=1 prints every counter at exit with exact values; bytes_live is the usable size of the live handles. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^get 0\nlive-usable (\[0-9\]+)\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated 7\nalaska: handles_freed 5\nalaska: handles_live 2\nalaska: handles_peak 4\nalaska: bytes_live \\1\nalaska: raw_fallbacks 1\nalaska: table_bytes 4096\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *a = halloc(24), *b = halloc(1000), *c = hcalloc(3, 5), *d = halloc(7);
  hfree(b);
  hfree(c);
  b = hrealloc(a, 2000);               /* same handle: not a new one */
  void *e = hstrdup("stats");
  hfree(e);
  void *f = halloc(1), *g = halloc(2);
  hfree(f);
  hfree(g);
  void *raw = halloc((size_t) 1 << 33);   /* raw memory: not counted as a handle */
  hfree(raw);

  struct alaska_stats st = { .size = sizeof st };
  int r = alaska_stats_get(&st);
  printf("get %d\n", r);
  size_t usable = halloc_usable_size(b) + halloc_usable_size(d);
  if (st.bytes_live != usable)
    printf("bytes_live %llu != %zu\n", (unsigned long long) st.bytes_live, usable);
  printf("live-usable %zu\n", usable);
  return 0;
}
