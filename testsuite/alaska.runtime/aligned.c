/* SPDX-License-Identifier: GPL-3.0-or-later */
/* haligned_alloc, hposix_memalign, hmemalign, hvalloc, hpvalloc: alignment of the translated address and of the handle; EINVAL for bad alignments. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^aligned_alloc 1\nposix_memalign 1\nmemalign 1\nmemalign-round 1\nvalloc 1\npvalloc 1 1\n" } */
/* { dg-output "einval 1 1 1 1 1 1 1\n$" } */
#include <alaska.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* h is a handle to at least n usable bytes whose address is a multiple of
 * align, as is the handle itself (pointer arithmetic keeps alignment). */
static int aligned(void *h, size_t align, size_t n)
{
  if (!h || !alaska_is_handle(h))
    return 0;
  uintptr_t t = (uintptr_t) alaska_translate(h);
  if (t % align || (uintptr_t) h % align != t % align || halloc_usable_size(h) < n)
    return 0;
  memset((void *) t, 0xaa, n);
  return 1;
}

int main(void)
{
  size_t page = (size_t) sysconf(_SC_PAGESIZE);
  int ok = 1;
  for (size_t a = 16; a <= 65536; a *= 2)
    for (size_t n = 1; n < 3 * a; n += a / 2 + 3) {
      void *h = haligned_alloc(a, n);
      ok &= aligned(h, a, n);
      hfree(h);
    }
  printf("aligned_alloc %d\n", ok);

  ok = 1;
  for (size_t a = sizeof(void *); a <= 65536; a *= 2) {
    void *h = NULL;
    ok &= hposix_memalign(&h, a, 100) == 0 && aligned(h, a < 16 ? 16 : a, 100);
    hfree(h);
  }
  printf("posix_memalign %d\n", ok);

  ok = 1;
  for (size_t a = 1; a <= 65536; a *= 2) {
    void *h = hmemalign(a, 77);
    ok &= aligned(h, a < 16 ? 16 : a, 77);
    hfree(h);
  }
  printf("memalign %d\n", ok);

  /* As glibc: a non-power-of-two alignment is rounded up (24 -> 32). */
  ok = 1;
  for (int i = 0; i < 64; i++) {
    void *h = hmemalign(24 + 1024 * i, 10);
    size_t want = 32;
    while (want < 24 + 1024 * (size_t) i)
      want *= 2;
    ok &= aligned(h, want, 10);
    hfree(h);
  }
  printf("memalign-round %d\n", ok);

  void *v = hvalloc(10);
  printf("valloc %d\n", aligned(v, page, 10));
  hfree(v);
  void *pv = hpvalloc(1);
  printf("pvalloc %d %d\n", aligned(pv, page, 1), halloc_usable_size(pv) >= page);
  hfree(pv);

  void *m = (void *) 1;
  errno = 0;
  void *a3 = haligned_alloc(3, 10);
  int e1 = a3 == NULL && errno == EINVAL;
  int e2 = hposix_memalign(&m, 3, 10) == EINVAL;
  int e3 = hposix_memalign(&m, 4, 10) == EINVAL;   /* not a multiple of sizeof(void *) */
  int e4 = hposix_memalign(&m, 0, 10) == EINVAL;
  int e5 = hposix_memalign(&m, 24, 10) == EINVAL;
  errno = 0;
  void *big = hmemalign(SIZE_MAX, 10);
  int e6 = big == NULL && errno == EINVAL;
  printf("einval %d %d %d %d %d %d %d\n", e1, e2, e3, e4, e5, e6, m == (void *) 1);
  return 0;
}
