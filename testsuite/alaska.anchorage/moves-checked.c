/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A small moving program, also run under valgrind memcheck
   (alaska.runtime/valgrind.exp): the main thread fragments its objects
   (three of every four freed) and defragments three times while a second
   thread, which the barriers stop, keeps building and checking a list of
   its own.  Every pass completes, objects move (Anchorage's count), and
   every object keeps its contents. */
/* { dg-do run } */
/* { dg-output "^passes ok 1\nmoved 1\nintact 1\nworker ok 1\n$" } */
#include <anchorage.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MINE 4000
struct obj { struct obj *next; unsigned seed; char text[40]; };
static struct obj *mine[MINE];
static atomic_int stop, rounds;

static struct obj *make (unsigned seed, struct obj *next)
{
  struct obj *o = malloc (sizeof *o);
  o->next = next;
  o->seed = seed;
  snprintf (o->text, sizeof o->text, "object %u", seed);
  return o;
}

static int check (const struct obj *o)
{
  char want[40];
  snprintf (want, sizeof want, "object %u", o->seed);
  return strcmp (want, o->text) == 0;
}

static void *worker (void *arg)
{
  (void) arg;
  int ok = 1;
  for (unsigned round = 0; !atomic_load (&stop) || round < 2; round++) {
    struct obj *list = NULL;
    for (unsigned i = 0; i < 200; i++)
      list = make (round * 1000 + i, list);
    while (list) {
      struct obj *next = list->next;
      ok &= check (list);
      free (list);
      list = next;
    }
    atomic_fetch_add (&rounds, 1);
  }
  return (void *) (uintptr_t) ok;
}

int main (void)
{
  for (unsigned i = 0; i < MINE; i++)
    mine[i] = make (i, NULL);
  for (unsigned i = 0; i < MINE; i++)
    if (i % 4) {
      free (mine[i]);
      mine[i] = NULL;
    }
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (atomic_load (&rounds) == 0)
    sched_yield ();             /* the worker runs: the barriers stop it */
  int passes_ok = 1;
  for (int i = 0; i < 3; i++)
    passes_ok &= anchorage_defragment () >= 0;
  atomic_store (&stop, 1);
  void *worker_ok;
  pthread_join (t, &worker_ok);
  int intact = 1;
  for (unsigned i = 0; i < MINE; i++)
    if (mine[i]) {
      intact &= check (mine[i]);
      free (mine[i]);
    }
  struct anchorage_stats st = { .size = sizeof st };
  anchorage_stats_get (&st);
  printf ("passes ok %d\nmoved %d\nintact %d\nworker ok %d\n", passes_ok,
          st.objects_moved > 0, intact, worker_ok != NULL);
  return 0;
}
