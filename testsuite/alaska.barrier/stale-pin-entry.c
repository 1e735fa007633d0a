/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A thread stopped at a function's entry safepoint has stored nothing in
   that frame's pin set, and the plugin clears at entry only the slots a
   later stop point may find unstored: the barrier must read no slot of
   that frame.  Here another thread keeps calling such a function over
   stack left full of copies of a handle, and every barrier must still
   move that handle's object.  */
/* { dg-do run } */
/* { dg-output "^moved 300 of 300 sum ok\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct obj { long v[4]; };

static char *a;                 /* the object that must move */
static struct obj *b;
static volatile int stop;

static void __attribute__ ((noipa)) setup (void)
{
  a = malloc (32);
  b = malloc (sizeof *b);
  for (int i = 0; i < 4; i++)
    b->v[i] = 10 * i + 1;
}

/* Leaves copies of a pointer into a on the stack, without a loop (whose
   latch safepoint would be where the thread mostly stops).  */
static int __attribute__ ((noipa)) litter (void)
{
  void *volatile junk[32];
  char *x = a + 3;
#define FOUR(i) junk[i] = x; junk[i + 1] = x; junk[i + 2] = x; junk[i + 3] = x;
  FOUR (0) FOUR (4) FOUR (8) FOUR (12) FOUR (16) FOUR (20) FOUR (24) FOUR (28)
  return junk[31] == x;
}

/* In a frame of its own, so that no pin of a is left in main's.  */
static void *__attribute__ ((noipa)) locate (void)
{
  return alaska_translate (a);
}

static void __attribute__ ((noipa)) touch (void)
{
}

/* Its pin slot is stored before its only other stop point (the call),
   so it is not cleared: at its entry safepoint the slot holds litter's
   copy of a.  */
static long __attribute__ ((noipa)) callee (struct obj *p)
{
  long *v = &p->v[1];
  long x = *v;
  touch ();
  return x + *v;
}

static void *spin (void *arg)
{
  long bad = 0;
  while (!stop)
    if (!litter () || callee (b) != 22)
      bad++;
  return (void *) bad;
}

int main (void)
{
  setup ();
  pthread_t t;
  pthread_create (&t, NULL, spin, NULL);
  int moved = 0, n = 300;
  for (int i = 0; i < n; i++)
    {
      void *where = locate ();
      if (alaska_barrier ())
        return 1;
      moved += locate () != where;
    }
  stop = 1;
  void *bad;
  pthread_join (t, &bad);
  printf ("moved %d of %d sum %s\n", moved, n, bad ? "wrong" : "ok");
  return 0;
}
