/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program that does not fragment its heap needs no pass: 100000 live
   objects of 64 to 256 bytes (about 16 MB, above ANCHORAGE_MIN_EXTENT),
   3 million times one of them freed at random and replaced by one of
   another random size.  Freed blocks are reused, so the extent stays
   within 10% of the live bytes at every one of 60 samples (below FRAG_LB,
   whatever the moment the control loop looks), and the control loop,
   running, never starts a pass. */
/* { dg-do run } */
/* { dg-output "^fragmentation below 1.10 1\nextent ok 1\npasses 0\n$" } */
#include <anchorage.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100000
#define STEPS 3000000
static char *obj[N];

int main (void)
{
  srand (11);
  for (int i = 0; i < N; i++)
    obj[i] = malloc (64 + (size_t) rand () % 193);
  double worst = 0;
  struct anchorage_stats st = { .size = sizeof st };
  for (int s = 0; s < STEPS; s++) {
    int i = rand () % N;
    free (obj[i]);
    size_t n = 64 + (size_t) rand () % 193;
    obj[i] = malloc (n);
    obj[i][n - 1] = (char) s;
    if (s % 50000 == 0) {
      anchorage_stats_get (&st);
      if (st.fragmentation > worst)
        worst = st.fragmentation;
    }
  }
  anchorage_stats_get (&st);
  printf ("fragmentation below 1.10 %d\n", worst < 1.10 && st.fragmentation < 1.10);
  if (worst >= 1.10)
    fprintf (stderr, "worst fragmentation %.3f\n", worst);
  printf ("extent ok %d\n", st.extent_bytes <= st.live_bytes + st.live_bytes / 10);
  printf ("passes %llu\n", (unsigned long long) st.passes);
  return 0;
}
