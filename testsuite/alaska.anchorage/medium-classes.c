/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Medium objects (above 16 KiB, up to 4 MiB) come in size classes too:
   eight per power of two, so that no block is more than 12.5% larger than
   the request.  malloc_usable_size says what the block holds, exactly:
   every class boundary from 16 KiB to 256 KiB is printed, where the
   usable size of a request 16 bytes larger changes (requests round up to
   16 bytes first).  An object keeps its usable size and its contents when
   a pass moves it. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^classes 18432 20480 22528 24576 26624 28672 30720 32768 36864 40960 45056 49152 53248 57344 61440 65536 73728 81920 90112 98304 106496 114688 122880 131072 147456 163840 180224 196608 212992 229376 245760 262144\ncount 32\nshort 0 wasteful 0\nmoved 1 sizes kept 1 contents kept 1\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 600

int main (void)
{
  size_t prev = 16384;
  int count = 0, shorter = 0, wasteful = 0;
  printf ("classes");
  for (size_t s = 16384 + 16; s <= 262144; s += 16) {
    void *p = malloc (s);
    size_t u = malloc_usable_size (p);
    free (p);
    shorter += u < s;
    wasteful += (u - s) * 8 > u;
    if (u != prev) {
      printf (" %zu", u);
      count++;
      prev = u;
    }
  }
  printf ("\ncount %d\nshort %d wasteful %d\n", count, shorter, wasteful);

  /* Objects of four classes, every other one freed: a pass moves the rest
     down, and each keeps its usable size and every byte. */
  static char *obj[N];
  static size_t size[N], usable[N];
  for (int i = 0; i < N; i++) {
    size[i] = 17000 + (size_t) (i % 4) * 9000;
    obj[i] = malloc (size[i]);
    usable[i] = malloc_usable_size (obj[i]);
    for (size_t k = 0; k < size[i]; k += 512)
      obj[i][k] = (char) (i + k / 512);
    obj[i][size[i] - 1] = (char) i;
  }
  for (int i = 0; i < N; i++)
    if (i % 2) {
      free (obj[i]);
      obj[i] = NULL;
    }
  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b };
  anchorage_stats_get (&a);
  anchorage_defragment ();
  anchorage_stats_get (&b);
  int sizes = 1, contents = 1;
  for (int i = 0; i < N; i += 2) {
    sizes &= malloc_usable_size (obj[i]) == usable[i];
    for (size_t k = 0; k < size[i]; k += 512)
      contents &= obj[i][k] == (char) (i + k / 512);
    contents &= obj[i][size[i] - 1] == (char) i;
  }
  printf ("moved %d sizes kept %d contents kept %d\n", b.objects_moved > a.objects_moved,
          sizes, contents);
  for (int i = 0; i < N; i += 2)
    free (obj[i]);
  return 0;
}
