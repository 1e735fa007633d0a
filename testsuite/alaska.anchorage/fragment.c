/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Fragment the heap -- 200000 objects of 16 to 1024 bytes, 80% of them
   freed at random -- then anchorage_defragment() twice: an object pinned
   across the first call stays where it is (it holds up the top of its
   sub-heap), the second moves it too; fragmentation falls from about 5 to
   below 1.3, the resident set shrinks by at least 3/4 of the extent given
   back, and every surviving object keeps its contents and usable size. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^fragmented 1\nmoved 1\ndefragmented 1\nrss given back 1\ncontents intact 1\nusable sizes kept 1\npinned object stayed 1\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rss.h"

#define N 200000
static char *obj[N];
static size_t len[N], usable[N];

/* obj[i] is in use (its translation is pinned) across the pass. */
static __attribute__((noinline)) int defragment_while_using (char *o, long *moved)
{
  char *q = o + 1;
  q[0] = 'p';
  void *before = alaska_translate (o);
  *moved = anchorage_defragment ();
  q[1] = 'q';
  return alaska_translate (o) == before && o[1] == 'p' && o[2] == 'q';
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  srand (7);
  for (int i = 0; i < N; i++) {
    len[i] = 16 + (size_t) rand () % 1009;
    obj[i] = malloc (len[i]);
    for (size_t j = 0; j < len[i]; j++)
      obj[i][j] = (char) (i * 31 + j);
  }
  for (int i = 0; i < N; i++)
    if (rand () % 5) {
      free (obj[i]);
      obj[i] = NULL;
    } else {
      usable[i] = malloc_usable_size (obj[i]);
    }
  int pinned = N / 2;
  while (!obj[pinned])
    pinned++;

  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b };
  anchorage_stats_get (&a);
  long rss_before = rss_bytes ();
  printf ("fragmented %d\n", a.fragmentation > 4 && a.fragmentation < 6);
  long moved;
  int stayed = defragment_while_using (obj[pinned], &moved);
  moved += anchorage_defragment ();
  anchorage_stats_get (&b);
  long rss_after = rss_bytes ();
  printf ("moved %d\n", moved > (long) (a.live_bytes / 2) && b.objects_moved > 0);
  printf ("defragmented %d\n", b.fragmentation < 1.3 && b.live_bytes == a.live_bytes);
  long given = (long) (a.extent_bytes - b.extent_bytes);
  printf ("rss given back %d\n", given > 0 && rss_before - rss_after >= given / 4 * 3);
  if (!(rss_before - rss_after >= given / 4 * 3))
    fprintf (stderr, "rss %ld -> %ld, extent %llu -> %llu\n", rss_before, rss_after,
             (unsigned long long) a.extent_bytes, (unsigned long long) b.extent_bytes);

  int intact = 1, sizes = 1;
  for (int i = 0; i < N; i++) {
    if (!obj[i])
      continue;
    for (size_t j = 3; j < len[i]; j++)
      intact &= obj[i][j] == (char) (i * 31 + j);
    sizes &= malloc_usable_size (obj[i]) == usable[i];
  }
  printf ("contents intact %d\n", intact);
  printf ("usable sizes kept %d\n", sizes);
  printf ("pinned object stayed %d\n", stayed);
  return 0;
}
