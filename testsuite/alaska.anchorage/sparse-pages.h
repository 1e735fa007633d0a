/* SPDX-License-Identifier: GPL-3.0-or-later */
/* sparse-pages.h: a heap for the pause-bound tests.  4096 objects of 64
   bytes fill four 64 KiB pages of one size class; the first page keeps
   every 16th object, the others every 64th, 128th and 256th.  A full
   compaction moves the 16 + 8 + 4 objects of the last three pages, the
   sparsest first, into the first page: three units of work (one per
   source page), and three pages (196608 bytes) of extent given back. */
#include <alaska.h>
#include <anchorage.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
static char *obj[N];

static void sparse_pages_build (void)
{
  for (int i = 0; i < N; i++) {
    obj[i] = malloc (64);
    memset (obj[i], i & 0x7f, 64);
  }
  static const int every[4] = { 16, 64, 128, 256 };
  for (int i = 0; i < N; i++)
    if (i % every[i / 1024]) {
      free (obj[i]);
      obj[i] = NULL;
    }
}

/* Defragment, then print what moved and whether the heap is compact: every
   object in the first object's page, contents intact. */
static void sparse_pages_defragment (void)
{
  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b };
  anchorage_stats_get (&a);
  long moved = anchorage_defragment ();
  anchorage_stats_get (&b);
  uintptr_t page = (uintptr_t) alaska_translate (obj[0]) >> 16;
  int together = 1, intact = 1;
  for (int i = 0; i < N; i++) {
    if (!obj[i])
      continue;
    together &= (uintptr_t) alaska_translate (obj[i]) >> 16 == page;
    for (int j = 0; j < 64; j++)
      intact &= obj[i][j] == (char) (i & 0x7f);
  }
  printf ("moved %ld objects %llu\n", moved,
          (unsigned long long) (b.objects_moved - a.objects_moved));
  printf ("compacted %d extent given back %lld\n", together,
          (long long) a.extent_bytes - (long long) b.extent_bytes);
  printf ("intact %d\n", intact);
  printf ("passes %llu stopped early %llu\n",
          (unsigned long long) (b.passes - a.passes),
          (unsigned long long) (b.passes_stopped_early - a.passes_stopped_early));
}
