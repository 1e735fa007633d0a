/* SPDX-License-Identifier: GPL-3.0-or-later */
/* producer-consumer.c: an allocation benchmark of cross-thread frees.
   PAIRS pairs of threads (default 1): the producer allocates objects of
   16 to 512 bytes, fills each with its sequence number, and hands them
   over in batches of BATCH through a queue of a few batches; the consumer
   checks each object and frees it, so that every free is by a thread
   other than the allocating one.  Usage: producer-consumer [PAIRS
   [OBJECTS [BATCH]]] (defaults 1, 4000000 per pair, 256); prints the
   objects passed and a checksum, and exits 1 if an object was wrong. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench-alloc.h"

#define QUEUE 8                 /* batches in flight per pair */

struct pair {
  pthread_t producer, consumer;
  pthread_mutex_t lock;
  pthread_cond_t changed;
  uint64_t **batch[QUEUE];      /* a ring of full batches */
  unsigned head, count;
  long objects, batchsize, bad;
  uint64_t sum, seed;
};

static size_t size_of (uint64_t seq)
{
  return 16 + (seq * 2654435761u >> 7) % 497;   /* 16..512 */
}

static void *produce (void *arg)
{
  struct pair *q = arg;
  for (long done = 0; done < q->objects; ) {
    long n = q->objects - done < q->batchsize ? q->objects - done : q->batchsize;
    uint64_t **b = malloc (n * sizeof *b);
    if (!b)
      goto oom;
    for (long i = 0; i < n; i++) {
      uint64_t seq = q->seed + done + i;
      size_t sz = size_of (seq);
      if (!(b[i] = malloc (sz)))
        goto oom;
      b[i][0] = seq;
      memcpy ((char *) b[i] + sz - 8, &seq, 8);
    }
    done += n;
    pthread_mutex_lock (&q->lock);
    while (q->count == QUEUE)
      pthread_cond_wait (&q->changed, &q->lock);
    q->batch[(q->head + q->count++) % QUEUE] = b;
    pthread_cond_broadcast (&q->changed);
    pthread_mutex_unlock (&q->lock);
  }
  return NULL;
oom:
  fprintf (stderr, "producer-consumer: out of memory\n");
  exit (2);
}

static void *consume (void *arg)
{
  struct pair *q = arg;
  for (long done = 0; done < q->objects; ) {
    pthread_mutex_lock (&q->lock);
    while (q->count == 0)
      pthread_cond_wait (&q->changed, &q->lock);
    uint64_t **b = q->batch[q->head];
    q->head = (q->head + 1) % QUEUE;
    q->count--;
    pthread_cond_broadcast (&q->changed);
    pthread_mutex_unlock (&q->lock);
    long n = q->objects - done < q->batchsize ? q->objects - done : q->batchsize;
    for (long i = 0; i < n; i++) {
      uint64_t seq = q->seed + done + i, tail;
      memcpy (&tail, (char *) b[i] + size_of (seq) - 8, 8);
      q->bad += b[i][0] != seq || tail != seq;
      q->sum += b[i][0] * 0x9e3779b97f4a7c15ULL;
      free (b[i]);
    }
    free (b);
    done += n;
  }
  return NULL;
}

int main (int argc, char **argv)
{
  long pairs = arg ("producer-consumer", argc, argv, 1, 1, 128);
  long objects = arg ("producer-consumer", argc, argv, 2, 4000000, 1L << 40);
  long batchsize = arg ("producer-consumer", argc, argv, 3, 256, 1L << 20);
  struct pair *q = calloc (pairs, sizeof *q);
  for (long i = 0; i < pairs; i++) {
    q[i].objects = objects;
    q[i].batchsize = batchsize;
    q[i].seed = (uint64_t) i << 40;
    pthread_mutex_init (&q[i].lock, NULL);
    pthread_cond_init (&q[i].changed, NULL);
    if (pthread_create (&q[i].producer, NULL, produce, &q[i])
        || pthread_create (&q[i].consumer, NULL, consume, &q[i])) {
      fprintf (stderr, "producer-consumer: cannot create a thread\n");
      return 2;
    }
  }
  uint64_t sum = 0;
  long bad = 0;
  for (long i = 0; i < pairs; i++) {
    pthread_join (q[i].producer, NULL);
    pthread_join (q[i].consumer, NULL);
    sum += q[i].sum;
    bad += q[i].bad;
  }
  printf ("producer-consumer: %ld pairs, %ld objects each, checksum %016llx, bad %ld\n",
          pairs, objects, (unsigned long long) sum, bad);
  free (q);
  return bad != 0;
}
