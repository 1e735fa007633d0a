/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Blocks have no header: an object of 1 to 16 bytes takes a block of the
   16-byte class, so 65536 of them add exactly 1 MiB of live bytes and as
   much extent (16 pages of 64 KiB; the pages' records are elsewhere).  A
   block's handle ID is found from the handle table when it moves: with
   every other object freed, the 16 half-full pages (and one with two
   objects) compact into 10: a pass moves 7 pages' worth of objects, and
   7 pages go back, and the objects, sizes and contents are as
   they were.  An object aligned beyond 16 bytes is region malloc memory,
   outside the sub-heaps. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^live 1048576\nextent 1\nusable 16 16 32 48\naligned 1 large 1\nmoved 1\nintact 1\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 65536
static unsigned char *obj[N];

int main (void)
{
  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b }, c = { .size = sizeof c };
  anchorage_stats_get (&a);
  for (int i = 0; i < N; i++) {
    obj[i] = malloc (1 + i % 16);
    memset (obj[i], i & 0xff, 1 + i % 16);
  }
  anchorage_stats_get (&b);
  printf ("live %llu\n", (unsigned long long) (b.live_bytes - a.live_bytes));
  uint64_t grown = b.extent_bytes - a.extent_bytes;
  printf ("extent %d\n", grown == N * 16);

  void *u[4] = { malloc (1), malloc (16), malloc (17), malloc (33) };
  printf ("usable %zu %zu %zu %zu\n", malloc_usable_size (u[0]), malloc_usable_size (u[1]),
          malloc_usable_size (u[2]), malloc_usable_size (u[3]));

  void *al = aligned_alloc (64, 64);
  anchorage_stats_get (&c);
  printf ("aligned %d large %d\n", (uintptr_t) alaska_translate (al) % 64 == 0,
          c.large_bytes >= a.large_bytes + 64);

  /* Free every other object, then compact: the survivors move. */
  for (int i = 0; i < N; i += 2) {
    free (obj[i]);
    obj[i] = NULL;
  }
  long moved = anchorage_defragment ();
  struct anchorage_stats d = { .size = sizeof d };
  anchorage_stats_get (&d);
  printf ("moved %d\n", moved > 0 && d.objects_moved - c.objects_moved >= 7 * 2048
          && c.extent_bytes - d.extent_bytes >= 7 * 65536);
  int intact = 1;
  for (int i = 1; i < N; i += 2)
    for (int j = 0; j < 1 + i % 16; j++)
      intact &= obj[i][j] == (i & 0xff) && malloc_usable_size (obj[i]) == 16;
  printf ("intact %d\n", intact);
  return 0;
}
