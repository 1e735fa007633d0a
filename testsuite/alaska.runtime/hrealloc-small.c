/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hrealloc of small blocks under the malloc service: in place while jemalloc's size class stays (40 -> 48), moved when it changes either way, contents kept through a sweep of growing and shrinking sizes. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^same class: moved 0 usable 48\ngrow: moved 1 usable 112 intact 1\nshrink: moved 1 usable 32 intact 1\nsweep: 1095 reallocs, 0 bad\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <string.h>

static int intact(const unsigned char *p, size_t n, unsigned seed)
{
  for (size_t i = 0; i < n; i++)
    if (p[i] != (unsigned char) (seed + i))
      return 0;
  return 1;
}

static void fill(unsigned char *p, size_t n, unsigned seed)
{
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char) (seed + i);
}

int main(void)
{
  unsigned char *h = halloc(40);
  fill(alaska_translate(h), 40, 1);
  void *b = alaska_translate(h);
  h = hrealloc(h, 48);
  printf("same class: moved %d usable %zu\n", alaska_translate(h) != b, halloc_usable_size(h));
  b = alaska_translate(h);
  h = hrealloc(h, 100);
  printf("grow: moved %d usable %zu intact %d\n", alaska_translate(h) != b,
         halloc_usable_size(h), intact(alaska_translate(h), 40, 1));
  b = alaska_translate(h);
  h = hrealloc(h, 20);
  printf("shrink: moved %d usable %zu intact %d\n", alaska_translate(h) != b,
         halloc_usable_size(h), intact(alaska_translate(h), 20, 1));

  /* Up to 4096 bytes and past it, then down, refilling after each step. */
  int n = 0, bad = 0;
  size_t size = 20;
  unsigned seed = 7;
  fill(alaska_translate(h), size, seed);
  for (size_t s = 21; s <= 5000; s += 7, n++) {
    h = hrealloc(h, s);
    bad += !intact(alaska_translate(h), size, seed);
    fill(alaska_translate(h), s, ++seed);
    size = s;
  }
  for (size_t s = size - 13; s >= 13; s -= 13, n++) {
    h = hrealloc(h, s);
    bad += !intact(alaska_translate(h), s, seed);
    fill(alaska_translate(h), s, ++seed);
  }
  printf("sweep: %d reallocs, %d bad\n", n, bad);
  hfree(h);
  return 0;
}
