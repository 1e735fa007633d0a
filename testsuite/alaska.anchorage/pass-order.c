/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A pass empties the sources with the fewest objects first, whatever their
   size class: every page given back is the same 64 KiB, and its cost is
   the objects it moves.  Two classes are fragmented: of two pages of
   16-byte objects, the second keeps every 8th (512 objects); of two pages
   of 512-byte objects, the second keeps every 16th (8).  With
   ANCHORAGE_MAX_PAUSE=0 a pass does one unit of work (one source page), so
   the first barrier moves the 8 large objects and none of the small ones;
   anchorage_defragment() then moves the small ones too.  Contents stay
   intact.  Independent of timing: with a bound of 0 the clock is always
   past it at the first check. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" "ANCHORAGE_MAX_PAUSE=0" } */
/* { dg-output "^first pass: moved 8 of 512 bytes, 0 of 16 bytes\n" } */
/* { dg-output "in all: moved 8 of 512 bytes, 512 of 16 bytes\nintact 1\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NS 8192                 /* two pages of 16-byte objects */
#define NL 256                  /* two pages of 512-byte objects */
static char *small[NS], *large[NL];
static void *small_at[NS], *large_at[NL];

static __attribute__ ((noinline)) void build (void)
{
  for (int i = 0; i < NS; i++) {
    small[i] = malloc (16);
    memset (small[i], i & 0x7f, 16);
  }
  for (int i = 0; i < NL; i++) {
    large[i] = malloc (512);
    memset (large[i], i & 0x7f, 512);
  }
  for (int i = 0; i < NS; i++)
    if (i % (i < NS / 2 ? 2 : 8)) {
      free (small[i]);
      small[i] = NULL;
    }
  for (int i = 0; i < NL; i++)
    if (i % (i < NL / 2 ? 2 : 16)) {
      free (large[i]);
      large[i] = NULL;
    }
}

static __attribute__ ((noinline)) void where (void)
{
  for (int i = 0; i < NS; i++)
    small_at[i] = small[i] ? alaska_translate (small[i]) : NULL;
  for (int i = 0; i < NL; i++)
    large_at[i] = large[i] ? alaska_translate (large[i]) : NULL;
}

static __attribute__ ((noinline)) void report (const char *when)
{
  int s = 0, l = 0;
  for (int i = 0; i < NS; i++)
    s += small[i] && alaska_translate (small[i]) != small_at[i];
  for (int i = 0; i < NL; i++)
    l += large[i] && alaska_translate (large[i]) != large_at[i];
  printf ("%s: moved %d of 512 bytes, %d of 16 bytes\n", when, l, s);
}

int main (void)
{
  build ();
  where ();
  if (alaska_barrier () != 0)
    return 1;
  report ("first pass");
  anchorage_defragment ();
  report ("in all");
  int intact = 1;
  for (int i = 0; i < NS; i++)
    for (int j = 0; small[i] && j < 16; j++)
      intact &= small[i][j] == (char) (i & 0x7f);
  for (int i = 0; i < NL; i++)
    for (int j = 0; large[i] && j < 512; j++)
      intact &= large[i][j] == (char) (i & 0x7f);
  printf ("intact %d\n", intact);
  return 0;
}
