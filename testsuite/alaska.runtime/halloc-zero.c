/* SPDX-License-Identifier: GPL-3.0-or-later */
/* halloc(0) returns a unique handle that can be freed; halloc_usable_size >= the requested size. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^zero 1 1 1\nusable 1\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated 1002\nalaska: handles_freed 1002\nalaska: handles_live 0\nalaska: handles_peak 1000\nalaska: bytes_live 0\n" } */
#include <alaska.h>
#include <stdio.h>

static size_t sizes[] = { 1, 7, 8, 15, 16, 17, 24, 100, 1000, 4095, 4096, 4097,
                          65536, 131073, 1 << 20, (1 << 21) + 3 };

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *a = halloc(0), *b = halloc(0);
  printf("zero %d %d %d\n", a && alaska_is_handle(a), b && alaska_is_handle(b), a != b);
  hfree(a);
  hfree(b);

  int ok = 1;
  void *hs[1000];
  for (int i = 0; i < 1000; i++) {
    size_t n = sizes[i % (sizeof sizes / sizeof sizes[0])] + i;
    hs[i] = halloc(n);
    if (!hs[i] || halloc_usable_size(hs[i]) < n)
      ok = 0;
  }
  for (int i = 0; i < 1000; i++)
    hfree(hs[i]);
  printf("usable %d\n", ok);
  return 0;
}
