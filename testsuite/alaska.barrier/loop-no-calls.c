/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A thread that loops in instrumented code and calls nothing reaches every
   barrier at its loop's safepoint.  Also run under valgrind memcheck
   (alaska.runtime/valgrind.exp), which does not see code in a file-backed
   mapping change: libalaska has it discard its translations of the sites,
   or the barriers would wait for the looping thread in vain. */
/* { dg-do run } */
/* { dg-output "^barriers 0 0 0\nmoved 1\nsums ok 1\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000
struct node { struct node *next; long v; };
static atomic_int stop, laps;

static void *worker (void *arg)
{
  const struct node *head = arg;
  long bad = 0;
  while (!atomic_load_explicit (&stop, memory_order_relaxed)) {
    long sum = 0;
    for (const struct node *n = head; n; n = n->next)
      sum += n->v;
    bad += sum != (long) N * (N - 1) / 2;
    atomic_fetch_add_explicit (&laps, 1, memory_order_relaxed);
  }
  return (void *) bad;
}

int main (void)
{
  struct node *head = NULL;
  for (long i = 0; i < N; i++) {
    struct node *n = malloc (sizeof *n);
    n->next = head;
    n->v = i;
    head = n;
  }
  struct node *last = head;
  while (last->next)
    last = last->next;
  void *before = alaska_translate (last);
  pthread_t t;
  pthread_create (&t, NULL, worker, head);
  while (atomic_load (&laps) == 0)
    ;
  int r[3], moved = 0;
  for (int i = 0; i < 3; i++) {
    r[i] = alaska_barrier ();
    void *now = alaska_translate (last);     /* a call: pins nothing */
    moved |= now != before;
    before = now;
  }
  /* The worker pins the last node only while it reads it: one barrier in
     a thousand. */
  atomic_store (&stop, 1);
  void *bad;
  pthread_join (t, &bad);
  printf ("barriers %d %d %d\n", r[0], r[1], r[2]);
  printf ("moved %d\n", moved);
  printf ("sums ok %d\n", bad == NULL);
  return 0;
}
