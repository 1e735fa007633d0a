/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hcalloc zero-fills (also reused memory); hcalloc/hreallocarray overflow gives NULL with ENOMEM. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^zeroed 1\nzeroed-again 1\ncalloc-overflow 1 1\nreallocarray-overflow 1 1 1\nreallocarray 1 1\n$" } */
#include <alaska.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int all_zero(void *h, size_t n)
{
  unsigned char *p = alaska_translate(h);
  for (size_t i = 0; i < n; i++)
    if (p[i])
      return 0;
  return 1;
}

int main(void)
{
  void *h = hcalloc(100, 10);
  printf("zeroed %d\n", h && alaska_is_handle(h) && all_zero(h, 1000));
  memset(alaska_translate(h), 0xff, 1000);
  hfree(h);

  /* Dirty memory freed above is likely reused: it must be zeroed again. */
  int ok = 1;
  for (int i = 0; i < 100; i++) {
    void *d = halloc(1000);
    memset(alaska_translate(d), 0xff, 1000);
    hfree(d);
    void *z = hcalloc(1, 1000);
    ok &= all_zero(z, 1000);
    hfree(z);
  }
  printf("zeroed-again %d\n", ok);

  errno = 0;
  void *o = hcalloc(SIZE_MAX / 2, 3);
  printf("calloc-overflow %d %d\n", o == NULL, errno == ENOMEM);

  void *r = halloc(8);
  errno = 0;
  void *ro = hreallocarray(r, SIZE_MAX / 2, 3);
  /* On failure the original object is untouched and still valid. */
  printf("reallocarray-overflow %d %d %d\n", ro == NULL, errno == ENOMEM,
         halloc_usable_size(r) >= 8);
  void *r2 = hreallocarray(r, 20, 10);
  printf("reallocarray %d %d\n", r2 == r, halloc_usable_size(r2) >= 200);
  hfree(r2);
  return 0;
}
