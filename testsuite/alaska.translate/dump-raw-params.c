/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pointer parameters that arrive translated (raw-params.cc): a static
   function whose address is never taken, and which only reaches memory
   through a parameter, gets it translated and pinned by its callers.  A
   parameter that is stored, returned, compared with a pointer of another
   origin, tested for being a handle or freed stays a handle, as do those
   of functions other units or indirect calls may reach, and those whose
   callers do not access the object themselves (the translation would
   only move, not be shared). */
/* { dg-do compile } */
#include <stdlib.h>

struct node { long key, val; struct node *next; };

static __attribute__ ((noinline)) void bump (struct node *bumped)
{
  bumped->key++;
  bumped->val += bumped->key;
}

static __attribute__ ((noinline)) void link_to (struct node *linker, struct node *linked)
{
  linker->next = linked;                /* linked is stored */
}

static __attribute__ ((noinline)) struct node *pass_back (struct node *returned)
{
  returned->key = 0;
  return returned;
}

static __attribute__ ((noinline)) int unlink_if (struct node *compared, struct node **head)
{
  if (*head != compared)                /* against a loaded handle */
    return 0;
  *head = NULL;
  return 1;
}

static __attribute__ ((noinline)) long sum_range (long *from, long *to)
{
  long s = 0;
  for (; from != to; from++)            /* both sides of one origin */
    s += *from;
  return s;
}

static __attribute__ ((noinline)) int tagged (struct node *probed)
{
  probed->val = 0;
  return (long) probed < 0;             /* asks whether it is a handle */
}

static __attribute__ ((noinline)) void drop (struct node *freed)
{
  free (freed);                         /* hfree wants the handle */
}

static __attribute__ ((noinline)) void bump_twice (struct node *forwarded)
{
  bump (forwarded);
  bump (forwarded);
}

static __attribute__ ((noinline)) long depth (struct node *rec)
{
  return rec ? 1 + depth (rec->next) : 0;
}

static __attribute__ ((noinline)) void touch (struct node *untouched)
{
  untouched->val++;
}

void exported (struct node *public_node)
{
  public_node->key = 1;
}

static void taken (struct node *via_pointer)
{
  via_pointer->key = 2;
}
void (*hook) (struct node *) = taken;

long drive (struct node *a, struct node *b, long *arr, int n, struct node *c)
{
  a->val += n;                          /* drive reaches a, b and arr itself */
  b->val += n;
  arr[0] = n;
  touch (c);                            /* but not c */
  bump (a);
  bump (b);
  link_to (a, b);
  pass_back (b)->val = 3;
  long r = unlink_if (b, &a->next);
  r += sum_range (arr, arr + n);
  bump_twice (b);
  r += depth (a);
  r += tagged (a);
  drop (b);
  return r;
}

/* { dg-final { scan-alaska-dump-times "^alaska: parameter (bumped|linker|head|from|to|forwarded|rec) arrives translated$" 7 } } */
/* { dg-final { scan-alaska-dump-not "^alaska: parameter (linked|returned|compared|probed|freed|public_node|via_pointer|untouched|a|b|arr|c) arrives" } } */
/* Translations in drive: a, b, arr and pass_back's result.
   Arguments: a, b (bump), a (link_to), &a->next, arr, arr + n, b (bump_twice), a (depth). */
/* { dg-final { scan-alaska-dump-times "^alaska: 8 arguments translated for static callees$" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: drive: 4 translations " 1 } } */
/* bump_twice passes on what it was given; depth, whose recursion GCC
   turns into a loop, translates rec->next there. */
/* { dg-final { scan-alaska-dump-times "^alaska: bump_twice: 0 translations " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: bump: 0 translations " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: depth: 1 translations \\(1 in loops, " 1 } } */
