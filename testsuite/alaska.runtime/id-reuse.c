/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A freed handle ID is handed out again, lowest first; alaska_backing is NULL for freed and never-issued IDs. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^reuse 1\nlowest first 1 1\nbacking 1 1 1\nrecycled 1\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>

static uint32_t id_of(void *h)
{
  return (uint32_t) (((uintptr_t) h >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
}

int main(void)
{
  void *a = halloc(10);
  hfree(a);
  void *b = halloc(20);
  printf("reuse %d\n", a == b);

  void *x = halloc(1), *y = halloc(1);
  hfree(x);
  hfree(y);
  void *first = halloc(1), *second = halloc(1);
  printf("lowest first %d %d\n", first == x, second == y);

  hfree(b);
  printf("backing %d %d %d\n", alaska_backing(id_of(b)) == NULL,
         alaska_backing(id_of(second)) == alaska_translate(second),
         alaska_backing(123456789) == NULL);
  hfree(second);
  hfree(first);

  /* Allocate and free in a loop: the IDs stay small. */
  uint32_t max = 0;
  for (int i = 0; i < 100000; i++) {
    void *h[8];
    for (int j = 0; j < 8; j++) {
      h[j] = halloc(16 * j + 1);
      if (id_of(h[j]) > max)
        max = id_of(h[j]);
    }
    for (int j = 0; j < 8; j++)
      hfree(h[j]);
  }
  printf("recycled %d\n", max < 256);
  return 0;
}
