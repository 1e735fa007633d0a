/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Objects freed by another thread than the one that allocated them: two
   producers allocate 150000 objects each (four size classes), fill them
   from a seed and hand them over a queue to two consumers, which check
   every byte and free them; the main thread runs passes meanwhile.  The
   frees go onto the producers' pages' lock-free lists.  Afterwards no
   byte is wrong, every object was freed once, the live bytes are what
   they were, and once a pass has collected what no owner took back (a
   producer may exit before its last objects are freed) the extent is
   what it was too: the exited producers' pages went back. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^frees 300000 bad 0\npasses ok 1\nlive back 1\nextent back 1\n$" } */
#include <anchorage.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PER_PRODUCER 150000
#define QUEUE 1024
static const unsigned sizes[4] = { 24, 64, 200, 1000 };

static unsigned char *queue[QUEUE];
static unsigned head, tail;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
static atomic_int producers_left = 2;
static atomic_long frees, bad;

static void put (unsigned char *o)
{
  pthread_mutex_lock (&lock);
  while (tail - head == QUEUE)
    pthread_cond_wait (&not_full, &lock);
  queue[tail++ % QUEUE] = o;
  pthread_cond_signal (&not_empty);
  pthread_mutex_unlock (&lock);
}

/* NULL once the producers are done and the queue is empty. */
static unsigned char *get (void)
{
  pthread_mutex_lock (&lock);
  while (tail == head && atomic_load (&producers_left))
    pthread_cond_wait (&not_empty, &lock);
  unsigned char *o = tail == head ? NULL : queue[head++ % QUEUE];
  pthread_cond_signal (&not_full);
  pthread_mutex_unlock (&lock);
  return o;
}

static void *produce (void *arg)
{
  unsigned seed = (unsigned) (long) arg;
  for (int i = 0; i < PER_PRODUCER; i++, seed = seed * 1103515245 + 12345) {
    unsigned n = sizes[(seed >> 16) % 4];
    unsigned char *o = malloc (n);
    memcpy (o, &n, sizeof n);
    for (unsigned j = sizeof n; j < n; j++)
      o[j] = (unsigned char) (seed + j);
    o[4] = (unsigned char) seed;        /* the seed's low byte */
    put (o);
  }
  pthread_mutex_lock (&lock);
  atomic_fetch_sub (&producers_left, 1);
  pthread_cond_broadcast (&not_empty);
  pthread_mutex_unlock (&lock);
  return NULL;
}

static void *consume (void *arg)
{
  (void) arg;
  unsigned char *o;
  while ((o = get ())) {
    unsigned n;
    memcpy (&n, o, sizeof n);
    unsigned char low = o[4];
    long wrong = n != 24 && n != 64 && n != 200 && n != 1000;
    for (unsigned j = 5; !wrong && j < n; j++)
      wrong += o[j] != (unsigned char) ((unsigned char) (low + j));
    atomic_fetch_add (&bad, wrong);
    atomic_fetch_add (&frees, 1);
    free (o);
  }
  return NULL;
}

int main (void)
{
  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b };
  anchorage_stats_get (&a);
  pthread_t t[4];
  pthread_create (&t[0], NULL, produce, (void *) 1L);
  pthread_create (&t[1], NULL, produce, (void *) 2L);
  pthread_create (&t[2], NULL, consume, NULL);
  pthread_create (&t[3], NULL, consume, NULL);
  int passes = 0, failed = 0;
  do {
    failed += anchorage_defragment () < 0;
    passes++;
  } while (atomic_load (&producers_left));
  for (int i = 0; i < 4; i++)
    pthread_join (t[i], NULL);
  printf ("frees %ld bad %ld\n", atomic_load (&frees), atomic_load (&bad));
  printf ("passes ok %d\n", passes >= 1 && failed == 0);
  failed += anchorage_defragment () < 0;
  anchorage_stats_get (&b);
  printf ("live back %d\n", b.live_bytes == a.live_bytes);
  printf ("extent back %d\n", b.extent_bytes == a.extent_bytes);
  if (b.extent_bytes != a.extent_bytes)
    fprintf (stderr, "extent %llu -> %llu\n", (unsigned long long) a.extent_bytes,
             (unsigned long long) b.extent_bytes);
  return 0;
}
