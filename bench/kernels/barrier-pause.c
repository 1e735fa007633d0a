/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench/kernels/barrier-pause.c: the pause of a barrier with nothing to
   move.  THREADS threads spin in instrumented loops (so they stop at
   safepoints, not by signal), the main thread runs BARRIERS barriers with
   alaska_barrier() and prints the median, 99th percentile and maximum
   pause in milliseconds.  No heap object exists.  Built only with
   alaska-gcc (make bench reports it).  Usage: barrier-pause [THREADS
   [BARRIERS]]. */
#include <alaska.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile int stop;

static double now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *spin (void *arg)
{
  volatile long *count = arg;
  while (!stop)
    (*count)++;
  return NULL;
}

static int cmp (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int main (int argc, char **argv)
{
  int threads = argc > 1 ? atoi (argv[1]) : 8;
  int n = argc > 2 ? atoi (argv[2]) : 1000;
  pthread_t t[threads];
  long counts[threads];
  double pause[n];
  for (int i = 0; i < threads; i++)
    {
      counts[i] = 0;
      pthread_create (&t[i], NULL, spin, &counts[i]);
    }
  int failed = alaska_barrier () != 0;   /* builds the safepoint table */
  for (int i = 0; i < n; i++)
    {
      double t0 = now ();
      failed += alaska_barrier () != 0;
      pause[i] = (now () - t0) * 1e3;
    }
  stop = 1;
  for (int i = 0; i < threads; i++)
    pthread_join (t[i], NULL);
  qsort (pause, n, sizeof *pause, cmp);
  printf ("threads %d barriers %d failed %d median_ms %.4f p99_ms %.4f max_ms %.4f\n",
          threads, n, failed, pause[n / 2], pause[n * 99 / 100], pause[n - 1]);
  return failed != 0;
}
