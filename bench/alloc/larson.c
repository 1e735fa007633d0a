/* SPDX-License-Identifier: GPL-3.0-or-later */
/* larson.c: an allocation benchmark after Larson and Krishnan's server
   simulation.  THREADS workers each hold an array of SLOTS objects of 16
   to 1024 bytes; a worker replaces objects at random slots (free, then
   allocate a new one of a random size) OPS times, then exits, and a new
   worker takes over the array of another: in each of ROUNDS rounds the
   worker for array i is a fresh thread and the array last belonged to the
   thread that had array i - 1's turn before, so objects are freed by
   threads other than the ones (now exited) that allocated them, as in a
   server whose connections pass from thread to thread.  Usage: larson
   [THREADS [ROUNDS [OPS [SLOTS]]]] (defaults 2, 20, 200000, 5000); prints
   a checksum and exits 1 if an object was wrong. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench-alloc.h"

struct array {
  uint64_t **obj;               /* obj[k][0] = its stamp; size from the stamp */
  uint64_t seed, sum;
  long bad;
};

struct worker {
  pthread_t tid;
  struct array *a;
  long ops, slots;
};

static size_t size_of (uint64_t stamp)
{
  return 16 + (stamp >> 20) % 1009;             /* 16..1024 */
}

static uint64_t *make (uint64_t stamp)
{
  size_t n = size_of (stamp);
  uint64_t *p = malloc (n);
  if (!p) {
    fprintf (stderr, "larson: out of memory\n");
    exit (2);
  }
  p[0] = stamp;
  memcpy ((char *) p + n - 8, &stamp, 8);
  return p;
}

static void drop (struct array *a, uint64_t *p)
{
  uint64_t tail;
  memcpy (&tail, (char *) p + size_of (p[0]) - 8, 8);
  a->bad += tail != p[0];
  a->sum += p[0] >> 3;
  free (p);
}

static void *work (void *arg)
{
  struct worker *w = arg;
  struct array *a = w->a;
  for (long i = 0; i < w->ops; i++) {
    uint64_t r = next (&a->seed);
    long k = r % w->slots;
    drop (a, a->obj[k]);
    a->obj[k] = make (r);
  }
  return NULL;
}

int main (int argc, char **argv)
{
  long threads = arg ("larson", argc, argv, 1, 2, 256);
  long rounds = arg ("larson", argc, argv, 2, 20, 1L << 20);
  long ops = arg ("larson", argc, argv, 3, 200000, 1L << 40);
  long slots = arg ("larson", argc, argv, 4, 5000, 1L << 24);
  struct array *arr = calloc (threads, sizeof *arr);
  struct worker *w = calloc (threads, sizeof *w);
  if (!arr || !w)
    goto oom;
  for (long t = 0; t < threads; t++) {
    arr[t].seed = 0x9e3779b97f4a7c15ULL * (t + 1);
    if (!(arr[t].obj = malloc (slots * sizeof *arr[t].obj)))
      goto oom;
    for (long k = 0; k < slots; k++)
      arr[t].obj[k] = make (next (&arr[t].seed));
  }
  for (long r = 0; r < rounds; r++) {
    for (long t = 0; t < threads; t++) {
      /* Round r's thread t works on array (t + r) % threads. */
      w[t] = (struct worker) { .a = &arr[(t + r) % threads], .ops = ops, .slots = slots };
      if (pthread_create (&w[t].tid, NULL, work, &w[t])) {
        fprintf (stderr, "larson: cannot create a thread\n");
        return 2;
      }
    }
    for (long t = 0; t < threads; t++)
      pthread_join (w[t].tid, NULL);
  }
  uint64_t sum = 0;
  long bad = 0;
  for (long t = 0; t < threads; t++) {
    for (long k = 0; k < slots; k++)
      drop (&arr[t], arr[t].obj[k]);
    free (arr[t].obj);
    sum += arr[t].sum;
    bad += arr[t].bad;
  }
  printf ("larson: %ld threads, %ld rounds of %ld replacements, checksum %016llx, bad %ld\n",
          threads, rounds, ops, (unsigned long long) sum, bad);
  free (arr);
  free (w);
  return bad != 0;
oom:
  fprintf (stderr, "larson: out of memory\n");
  return 2;
}
