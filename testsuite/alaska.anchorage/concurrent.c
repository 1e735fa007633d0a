/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Defragmentation while other threads allocate: four threads keep lists of
   objects of varied sizes, freeing and replacing most of them and checking
   every object's checksum, while the main thread runs anchorage_defragment()
   until each thread has done at least three rounds.  The main thread's own
   fragmented objects (80% of 100000 freed) guarantee there is something
   to move whatever the timing.  Every pass completes, objects move, nothing
   is lost. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^threads ok 4\npasses ok 1\nmoved 1\n$" } */
#include <anchorage.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define SLOTS 20000
struct obj { struct obj *next; unsigned seed, n; unsigned char data[]; };
static atomic_int stop, rounds_done;

static struct obj *make (unsigned seed)
{
  unsigned n = 8 + seed % 600;
  struct obj *o = malloc (sizeof *o + n);
  o->next = NULL;
  o->seed = seed;
  o->n = n;
  for (unsigned i = 0; i < n; i++)
    o->data[i] = (unsigned char) (seed + i * 7);
  return o;
}

static int check (const struct obj *o)
{
  for (unsigned i = 0; i < o->n; i++)
    if (o->data[i] != (unsigned char) (o->seed + i * 7))
      return 0;
  return 1;
}

static void *worker (void *arg)
{
  unsigned seed = (unsigned) (uintptr_t) arg * 7919u + 1;
  struct obj **slot = calloc (SLOTS, sizeof *slot);
  int ok = 1;
  for (int round = 0; !atomic_load (&stop) || round < 4; round++) {
    for (int i = 0; i < SLOTS; i++) {
      seed = seed * 1103515245u + 12345u;
      if (slot[i]) {
        ok &= check (slot[i]);
        if (seed % 4 != 0) {    /* else a survivor: fragmentation */
          free (slot[i]);
          slot[i] = make (seed >> 8);
        }
      } else
        slot[i] = make (seed >> 8);
      /* and a linked structure, relinked every round: a survivor's
         neighbour may be new */
      slot[i]->next = i ? slot[i - 1] : NULL;
    }
    for (struct obj *o = slot[SLOTS - 1]; o; o = o->next)
      ok &= check (o) && (!o->next || o->next->n >= 8);
    atomic_fetch_add (&rounds_done, 1);
  }
  for (int i = 0; i < SLOTS; i++)
    free (slot[i]);
  free (slot);
  return (void *) (uintptr_t) ok;
}

#define MINE 100000
static struct obj *mine[MINE];

int main (void)
{
  for (int i = 0; i < MINE; i++)
    mine[i] = make ((unsigned) i * 2654435761u);
  for (int i = 0; i < MINE; i++)
    if (i % 5) {
      free (mine[i]);
      mine[i] = NULL;
    }
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++)
    pthread_create (&t[i], NULL, worker, (void *) (uintptr_t) i);
  int passes_ok = 1;
  while (atomic_load (&rounds_done) < 3 * THREADS)
    passes_ok &= anchorage_defragment () >= 0;
  atomic_store (&stop, 1);
  int ok = 0;
  for (int i = 0; i < THREADS; i++) {
    void *r;
    pthread_join (t[i], &r);
    ok += r != NULL;
  }
  int mine_ok = 1;
  for (int i = 0; i < MINE; i++)
    if (mine[i]) {
      mine_ok &= check (mine[i]);
      free (mine[i]);
    }
  ok -= !mine_ok;
  struct anchorage_stats st = { .size = sizeof st };
  anchorage_stats_get (&st);
  printf ("threads ok %d\npasses ok %d\nmoved %d\n", ok, passes_ok, st.objects_moved > 0);
  return 0;
}
