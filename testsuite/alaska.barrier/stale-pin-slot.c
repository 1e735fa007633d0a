/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A barrier reads every slot of every instrumented frame's pin set.  A
   slot the function has not stored yet holds whatever the stack held
   there -- here, copies of a handle left by an earlier call -- and must
   not pin that object: the plugin clears, at entry, the slots a stop
   point may find unstored.  (main's frame once held 0x8000000000000006
   from the C library's start-up, which pinned the object of ID 0.)  */
/* { dg-do run } */
/* { dg-output "^moved 1 sum 42\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>

struct obj { long v[4]; };

static char *a;                 /* the object that must move */
static struct obj *b;
static void *where;

static void __attribute__ ((noipa)) setup (void)
{
  a = malloc (32);
  b = malloc (sizeof *b);
  for (int i = 0; i < 4; i++)
    b->v[i] = 10 * i + 1;
  where = alaska_translate (a);
}

/* Leaves copies of a pointer into a on the stack below main's frame.  */
static int __attribute__ ((noipa)) litter (void)
{
  void *volatile junk[512];
  for (int i = 0; i < 512; i++)
    junk[i] = a + 3;
  return junk[511] != NULL;
}

static void __attribute__ ((noipa)) touch (void)
{
}

/* Its frame lies where litter's was.  The barrier comes before p is
   translated; the translated pointer is then live across a call, so it
   has a pin slot, which the barrier finds unstored.  */
static long __attribute__ ((noipa)) user (struct obj *p)
{
  if (alaska_barrier ())
    return -1;
  long *v = &p->v[1];
  long x = *v;
  touch ();
  return x + *v + (alaska_translate (a) != where ? 20 : 0);
}

int main (void)
{
  setup ();
  if (!litter ())
    return 1;
  long r = user (b);
  printf ("moved %d sum %ld\n", alaska_translate (a) != where, r);
  return 0;
}
