/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Objects above 4 MiB have mappings of their own, and a pass moves them
   down into holes with mremap: the pages move, nothing is copied.  A (32
   MiB, never touched), B (32 MiB, filled) and C (8 MiB, filled) sit one
   above the other; A is freed; a pass moves B to where A was, while C,
   in use across the pass (pinned), stays although A's hole would take it.
   B's contents are intact and its usable size unchanged, and the peak
   resident set did not grow by B's size, as a copy would have made it.
   Then realloc grows B to 48 MiB, elsewhere, the same way: contents kept,
   the new part zero, and again no copy's worth of peak memory; shrinking
   it to 19 MiB and growing it to 20 MiB (within its 2 MiB granules) keep
   it in place. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^C pinned stayed 1\nB moved to A 1\nB intact 1 usable 33554432\nno copy 1\nrealloc intact 1 zero tail 1 no copy 1\nshrink and grow in place 1 1 intact 1\nC intact 1\nlarge_bytes 29360128\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MiB (1024L * 1024)

static long peak_rss (void)
{
  char line[256];
  long kb = -1;
  FILE *f = fopen ("/proc/self/status", "r");
  while (f && fgets (line, sizeof line, f))
    if (sscanf (line, "VmHWM: %ld kB", &kb) == 1)
      break;
  if (f)
    fclose (f);
  return kb * 1024;
}

/* The objects are reached through obj[] in functions that return before
   the pass, so that no frame holds their translation across it. */
static char *obj[3];
enum { A, B, C };

static __attribute__((noinline)) int filled (const char *p, long n, int seed)
{
  for (long i = 0; i < n; i += 4096)
    if (p[i] != (char) (seed + i / 4096))
      return 0;
  return 1;
}

static __attribute__((noinline)) void fill (char *p, long n, int seed)
{
  for (long i = 0; i < n; i += 4096)
    p[i] = (char) (seed + i / 4096);
}

/* c is in use (its translation pinned) across the pass. */
static __attribute__((noinline)) int defragment_while_using (char *c)
{
  char *q = c + 1;
  q[0] = 'p';
  void *before = alaska_translate (c);
  anchorage_defragment ();
  q[1] = 'q';
  return alaska_translate (c) == before && c[1] == 'p' && c[2] == 'q';
}

static __attribute__((noinline)) int zero_from (const char *p, long from, long to)
{
  int zero = 1;
  for (long i = from; i < to; i += 4096)
    zero &= p[i] == 0;
  return zero;
}

int main (void)
{
  obj[A] = malloc (32 * MiB);
  obj[B] = malloc (32 * MiB);
  obj[C] = malloc (8 * MiB);
  fill (obj[B], 32 * MiB, 1);
  fill (obj[C], 8 * MiB, 7);
  void *a_at = alaska_translate (obj[A]), *b_at = alaska_translate (obj[B]);
  free (obj[A]);
  long peak = peak_rss ();
  printf ("C pinned stayed %d\n", defragment_while_using (obj[C]));
  void *b_now = alaska_translate (obj[B]);
  printf ("B moved to A %d\n", b_now != b_at && b_now == a_at);
  printf ("B intact %d usable %zu\n", filled (obj[B], 32 * MiB, 1), malloc_usable_size (obj[B]));
  printf ("no copy %d\n", peak_rss () - peak < 8 * MiB);

  peak = peak_rss ();
  obj[B] = realloc (obj[B], 48 * MiB);
  printf ("realloc intact %d zero tail %d no copy %d\n", filled (obj[B], 32 * MiB, 1),
          zero_from (obj[B], 32 * MiB, 48 * MiB), peak_rss () - peak < 8 * MiB);
  void *at = alaska_translate (obj[B]);
  obj[B] = realloc (obj[B], 19 * MiB);
  int shrunk = alaska_translate (obj[B]) == at && malloc_usable_size (obj[B]) == 19 * MiB;
  obj[B] = realloc (obj[B], 20 * MiB);
  printf ("shrink and grow in place %d %d intact %d\n", shrunk,
          alaska_translate (obj[B]) == at && malloc_usable_size (obj[B]) == 20 * MiB,
          filled (obj[B], 19 * MiB, 1) && zero_from (obj[B], 19 * MiB, 20 * MiB));
  printf ("C intact %d\n", filled (obj[C], 8 * MiB, 7));
  struct anchorage_stats st = { .size = sizeof st };
  anchorage_stats_get (&st);
  printf ("large_bytes %llu\n", (unsigned long long) st.large_bytes);
  return 0;
}
