/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A freed medium object's block serves the next request of its class, so
   a program that keeps replacing medium objects of random sizes (16 KiB to
   64 KiB) at random, with no pass (the control loop is off), holds a heap
   no larger than its peak of live bytes and an eighth more, plus what its
   current sub-heap's top has not reached yet, and gives nothing back
   to the kernel in between: its extent stops growing after the first
   replacements. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^bounded 1\nsettled 1\npasses 0\n$" } */
#include <anchorage.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 300
#define ROUNDS 200000

static uint64_t rng = 88172645463325252ull;
static uint64_t next (void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

int main (void)
{
  static char *slot[SLOTS];
  uint64_t peak_live = 0, max_extent = 0, extent_half = 0;
  for (long r = 0; r < ROUNDS; r++) {
    int k = (int) (next () % SLOTS);
    free (slot[k]);
    size_t n = 16385 + next () % (65536 - 16384);
    slot[k] = malloc (n);
    memset (slot[k], (int) r, 64);
    if (r % 1000 == 0) {
      struct anchorage_stats st = { .size = sizeof st };
      anchorage_stats_get (&st);
      if (st.live_bytes > peak_live)
        peak_live = st.live_bytes;
      if (st.extent_bytes > max_extent)
        max_extent = st.extent_bytes;
      if (r == ROUNDS / 2)
        extent_half = max_extent;
    }
  }
  struct anchorage_stats st = { .size = sizeof st };
  anchorage_stats_get (&st);
  int bounded = max_extent <= peak_live + peak_live / 8 + (1 << 20);
  printf ("bounded %d\n", bounded);
  if (!bounded)
    printf ("extent %llu peak live %llu\n", (unsigned long long) max_extent,
            (unsigned long long) peak_live);
  printf ("settled %d\n", max_extent <= extent_half + (1 << 20));
  printf ("passes %llu\n", (unsigned long long) st.passes);
  for (int k = 0; k < SLOTS; k++)
    free (slot[k]);
  return 0;
}
