/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Anchorage under forced passes (one every 5 ms) while four threads
   allocate, free, reallocate and over-align objects from 1 byte to 5 MiB
   (the largest are the C library's), checking every object's contents
   and usable size as they go.  Nothing may be lost or corrupted. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_FORCE_INTERVAL=5" "ANCHORAGE_PASS_LIMIT=4194304" } */
/* { dg-output "^bad 0 passes 1 moved 1\n$" } */
#include <anchorage.h>
#include <malloc.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define SLOTS 4000
#define STEPS 150000
struct slot { unsigned char *p; size_t n; unsigned seed; };

static int check (const struct slot *s)
{
  for (size_t i = 0; i < s->n; i += 7)
    if (s->p[i] != (unsigned char) (s->seed + i))
      return 0;
  return 1;
}

static void fill (struct slot *s)
{
  for (size_t i = 0; i < s->n; i += 7)
    s->p[i] = (unsigned char) (s->seed + i);
}

static void *work (void *arg)
{
  unsigned r = (unsigned) (uintptr_t) arg * 7919u + 1;
  struct slot *sl = calloc (SLOTS, sizeof *sl);
  long bad = 0;
  for (int step = 0; step < STEPS; step++) {
    r = r * 1103515245u + 12345u;
    struct slot *s = &sl[(r >> 8) % SLOTS];
    if (s->p && (!check (s) || (intptr_t) s->p >= 0))
      bad++;
    unsigned op = (r >> 20) % 10;
    size_t n = (r >> 4) % 64 == 0 ? 1 + r % (5 << 20) : 1 + (r >> 12) % 2000;
    if (op < 4) {
      free (s->p);
      s->p = NULL;
    } else if (op < 7) {
      if (!s->p) {
        s->p = malloc (n);
        s->n = n;
        s->seed = r;
        fill (s);
      }
    } else if (op < 9) {
      if (s->p) {
        s->p = realloc (s->p, n);
        if (s->n > n)
          s->n = n;
        bad += malloc_usable_size (s->p) < n;
      }
    } else if (!s->p) {
      size_t a = (size_t) 64 << (r % 4);
      void *q;
      if (posix_memalign (&q, a, n) == 0) {
        s->p = q;
        s->n = n;
        s->seed = r;
        fill (s);
      }
    }
  }
  for (int i = 0; i < SLOTS; i++) {
    if (sl[i].p && !check (&sl[i]))
      bad++;
    free (sl[i].p);
  }
  free (sl);
  return (void *) bad;
}

int main (void)
{
  pthread_t t[THREADS];
  long bad = 0;
  for (int i = 0; i < THREADS; i++)
    pthread_create (&t[i], NULL, work, (void *) (uintptr_t) i);
  for (int i = 0; i < THREADS; i++) {
    void *b;
    pthread_join (t[i], &b);
    bad += (long) b;
  }
  struct anchorage_stats st = { .size = sizeof st };
  anchorage_stats_get (&st);
  printf ("bad %ld passes %d moved %d\n", bad, st.passes > 0, st.objects_moved > 0);
  return 0;
}
