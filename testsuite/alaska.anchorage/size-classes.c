/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Small objects come in size classes: 16-byte steps up to 128 bytes, then
   eight classes per power of two up to 16 KiB, so that no block is more
   than 12.5% larger than the request.  malloc_usable_size says what the
   block holds, exactly: every class boundary is printed, where the usable
   size of a request one byte larger changes.  Above 16 KiB, the classes
   go on, eight per power of two (medium-classes.c).  live_bytes counts usable sizes.  An object keeps its
   usable size when it moves, and a realloc within its class keeps its
   block. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^classes 16 32 48 64 80 96 112 128 144 160 176 192 208 224 240 256 288 320 352 384 416 448 480 512 576 640 704 768 832 896 960 1024 1152 1280 1408 1536 1664 1792 1920 2048 2304 2560 2816 3072 3328 3584 3840 4096 4608 5120 5632 6144 6656 7168 7680 8192 9216 10240 11264 12288 13312 14336 15360 16384\ncount 64\nshort 0 wasteful 0\nbeyond 18432 20480\nlive counted 1\nrealloc in class 1 1\nmoved 1 sizes kept 1\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4000

int main (void)
{
  size_t prev = 0;
  int count = 0, shorter = 0, wasteful = 0;
  printf ("classes");
  for (size_t s = 1; s <= 16384; s++) {
    void *p = malloc (s);
    size_t u = malloc_usable_size (p);
    free (p);
    shorter += u < s;
    wasteful += s > 128 && (u - s) * 8 > u;
    if (u != prev) {
      printf (" %zu", u);
      count++;
      prev = u;
    }
  }
  printf ("\ncount %d\nshort %d wasteful %d\n", count, shorter, wasteful);
  void *b1 = malloc (16385), *b2 = malloc (20000);
  printf ("beyond %zu %zu\n", malloc_usable_size (b1), malloc_usable_size (b2));
  free (b1);
  free (b2);

  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b };
  anchorage_stats_get (&a);
  static char *obj[N];
  for (int i = 0; i < N; i++) {
    obj[i] = malloc (129);
    memset (obj[i], i & 0x7f, 129);
  }
  anchorage_stats_get (&b);
  printf ("live counted %d\n", b.live_bytes - a.live_bytes == (unsigned long long) N * 144);

  char *r = malloc (200);
  void *at = alaska_translate (r);
  r = realloc (r, 208);
  int same = alaska_translate (r) == at;
  r = realloc (r, 201);
  printf ("realloc in class %d %d\n", same, alaska_translate (r) == at && malloc_usable_size (r) == 208);
  free (r);

  for (int i = 0; i < N; i++)
    if (i % 4) {
      free (obj[i]);
      obj[i] = NULL;
    }
  anchorage_stats_get (&a);
  anchorage_defragment ();
  anchorage_stats_get (&b);
  int kept = 1;
  for (int i = 0; i < N; i += 4)
    kept &= malloc_usable_size (obj[i]) == 144 && obj[i][128] == (i & 0x7f);
  printf ("moved %d sizes kept %d\n", b.objects_moved > a.objects_moved, kept);
  return 0;
}
