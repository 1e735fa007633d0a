/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A callback of another library that returns a pointer (the allocation
   hooks of GMP's mp_set_memory_functions, as gawk -M sets them) is given
   there as an export thunk: the library gets the translated address of a
   kept object, writes through it, and gives it back to the hooks, whose
   realloc and free take it.  A barrier between the calls moves what it
   can, and none of it. */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-alaska-external=plain_set_hooks,plain_twice,plain_release" } */
/* { dg-plain-sources "units/plain-hooks.c" } */
/* { dg-output "^abcabc 6 0 5 raw 1\nstayed 200 of 200, own moved 1\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "units/plain-hooks.h"

static long allocs, resizes, releases;
static void *last;                      /* the handle a hook returned last */

static void *my_alloc (size_t n)
{
  allocs++;
  return last = malloc (n);
}

static void *my_resize (void *p, size_t n)
{
  resizes++;
  return last = realloc (p, n);
}

static void my_release (void *p)
{
  releases++;
  free (p);
}

int main (void)
{
  plain_set_hooks (my_alloc, my_resize, my_release);
  char *s = plain_twice ("abc");
  /* The program reads the raw address the library holds. */
  printf ("%s %zu %ld %ld raw %d\n", s, strlen (s), releases, allocs + resizes + 3,
          (intptr_t) s >= 0);
  plain_release (s);

  /* 200 strings held by the library across a barrier that moves the
     program's own objects in between: the library's stay where it has
     them.  The program's objects are spread over two pages of their size
     class (padding freed), both left sparse, so that the pass empties
     one into the other. */
  char *held[200];
  void *handle[200], *own[200], *was[200], *pad[200 * 9];
  for (int i = 0; i < 200; i++)
    {
      held[i] = plain_twice ("xy");
      handle[i] = last;
      own[i] = malloc (64);
      was[i] = alaska_translate (own[i]);
      for (int k = 0; k < 9; k++)
        pad[i * 9 + k] = malloc (64);
    }
  for (int i = 0; i < 200 * 9; i++)
    free (pad[i]);
  for (int i = 0; i < 200; i += 2)
    free (own[i]);
  if (alaska_barrier ())
    return 1;
  int stayed = 0, moved = 0;
  for (int i = 0; i < 200; i++)
    {
      stayed += alaska_translate (handle[i]) == held[i] && strcmp (held[i], "xyxy") == 0;
      moved += i % 2 && alaska_translate (own[i]) != was[i];
    }
  printf ("stayed %d of 200, own moved %d\n", stayed, moved > 0);
  for (int i = 0; i < 200; i++)
    plain_release (held[i]);
  for (int i = 1; i < 200; i += 2)
    free (own[i]);
  return 0;
}
