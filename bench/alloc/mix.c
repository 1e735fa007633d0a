/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mix.c: an allocation benchmark.  THREADS threads (default 2), each on
   its own array of SLOTS pointers, run OPS operations: pick a slot at
   random; free its object if it holds one (checking the stamp written
   into it), else allocate an object of a random size between 8 bytes and
   MAX bytes (log-uniform: as many small objects as large ones per power
   of two) and stamp its first and last words.  No object crosses threads.
   Usage: mix [THREADS [OPS [SLOTS [MAX]]]] (defaults 2, 4000000, 2000,
   16384; MAX a power of two from 16 to 2^30); prints
   the number of operations and a checksum that does not depend on the
   thread count's scheduling, and exits 1 if a stamp was wrong. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench-alloc.h"

struct worker {
  pthread_t tid;
  uint64_t seed, sum;
  long ops, slots, bad;
};

static unsigned max_log = 14;                   /* sizes up to 2^max_log */

static size_t random_size (uint64_t *s)
{
  uint64_t r = next (s);
  unsigned k = 3 + r % (max_log - 3);           /* 2^3 .. 2^(max_log-1) */
  size_t n = ((size_t) 1 << k) + (r >> 8) % ((size_t) 1 << k);
  return n > ((size_t) 1 << max_log) ? (size_t) 1 << max_log : n;
}

struct slot { char *p; size_t size; };

/* The object's first and last words hold v (when it has 16 bytes or
   more; smaller ones only the first). */
static void stamp (char *p, size_t n, uint64_t v)
{
  memcpy (p + n - 8, &v, 8);
  memcpy (p, &v, 8);
}

static int check (const struct slot *s, uint64_t *sum)
{
  uint64_t head, tail;
  memcpy (&head, s->p, 8);
  memcpy (&tail, s->p + s->size - 8, 8);
  *sum += head ^ s->size;
  return s->size < 16 || head == tail;
}

static void *work (void *arg)
{
  struct worker *w = arg;
  struct slot *slot = calloc (w->slots, sizeof *slot);
  if (!slot) {
    fprintf (stderr, "mix: out of memory\n");
    exit (2);
  }
  for (long i = 0; i < w->ops; i++) {
    uint64_t r = next (&w->seed);
    long k = r % w->slots;
    if (slot[k].p) {
      w->bad += !check (&slot[k], &w->sum);
      free (slot[k].p);
      slot[k].p = NULL;
    } else {
      size_t n = random_size (&w->seed);
      if (!(slot[k].p = malloc (n))) {
        fprintf (stderr, "mix: out of memory\n");
        exit (2);
      }
      slot[k].size = n;
      stamp (slot[k].p, n, r);
    }
  }
  for (long k = 0; k < w->slots; k++)
    if (slot[k].p) {
      w->bad += !check (&slot[k], &w->sum);
      free (slot[k].p);
    }
  free (slot);
  return NULL;
}

int main (int argc, char **argv)
{
  long threads = arg ("mix", argc, argv, 1, 2, 256);
  long ops = arg ("mix", argc, argv, 2, 4000000, 1L << 40);
  long slots = arg ("mix", argc, argv, 3, 2000, 1L << 24);
  long max = arg ("mix", argc, argv, 4, 16384, 1L << 30);
  if (max < 16 || (max & (max - 1))) {
    fprintf (stderr, "mix: MAX '%s' is not a power of two from 16 to 2^30\n", argv[4]);
    return 2;
  }
  max_log = (unsigned) __builtin_ctzl ((unsigned long) max);
  struct worker *w = calloc (threads, sizeof *w);
  for (long t = 0; t < threads; t++) {
    w[t] = (struct worker) { .seed = 0x9e3779b97f4a7c15ULL * (t + 1), .ops = ops, .slots = slots };
    if (pthread_create (&w[t].tid, NULL, work, &w[t])) {
      fprintf (stderr, "mix: cannot create a thread\n");
      return 2;
    }
  }
  uint64_t sum = 0;
  long bad = 0;
  for (long t = 0; t < threads; t++) {
    pthread_join (w[t].tid, NULL);
    sum += w[t].sum;
    bad += w[t].bad;
  }
  printf ("mix: %ld threads, %ld operations each, checksum %016llx, bad %ld\n",
          threads, ops, (unsigned long long) sum, bad);
  free (w);
  return bad != 0;
}
