/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The control loop defragments on its own: after the heap is fragmented
   (fragmentation about 5, above ANCHORAGE_FRAG_UB=1.25) the background
   thread runs passes until fragmentation is below ANCHORAGE_FRAG_LB=1.1
   or a pass makes no progress, and the memory goes back to the kernel
   within a few seconds, with no call from the program. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_FRAG_LB=1.1" "ANCHORAGE_FRAG_UB=1.25" "ANCHORAGE_OVERHEAD_UB=0.5" } */
/* { dg-output "^fragmented 1\nthe control loop defragmented 1\nrss given back 1\n$" } */
#include <anchorage.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rss.h"

#define N 300000
static char *obj[N];

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  srand (3);
  for (int i = 0; i < N; i++) {
    obj[i] = malloc (16 + (size_t) rand () % 200);
    memset (obj[i], 1, 16);
  }
  for (int i = 0; i < N; i++)
    if (rand () % 5)
      free (obj[i]);
  struct anchorage_stats st = { .size = sizeof st };
  anchorage_stats_get (&st);
  long before = rss_bytes ();
  printf ("fragmented %d\n", st.fragmentation > 4);
  for (int i = 0; i < 200; i++) {       /* at most 20 s */
    usleep (100000);
    anchorage_stats_get (&st);
    if (st.fragmentation < 1.25 && !st.defragmenting)
      break;
  }
  printf ("the control loop defragmented %d\n", st.passes > 0 && st.fragmentation < 1.25);
  printf ("rss given back %d\n", rss_bytes () < before / 2);
  return 0;
}
