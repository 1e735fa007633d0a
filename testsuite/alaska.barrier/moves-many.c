/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A barrier moves more objects than the malloc service makes accessible at
   once, in its relocation arena (64 MiB) and in its table of moved sizes
   (2 MiB, 524288 handle IDs): each object keeps its contents and its
   malloc_usable_size, through a second barrier that moves them again
   within the arena. */
/* { dg-do run } */
/* { dg-output "^barriers 0 0\nmoved 600000 600000\nsame 600000\n$" } */
#include <alaska.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

#define N 600000
static long *obj[N];
static size_t usable[N];
static void *where[N];

/* In a frame of its own: its pin set is gone when the barriers run. */
static void __attribute__ ((noinline)) setup (void)
{
  for (long i = 0; i < N; i++)
    {
      obj[i] = malloc (15 * sizeof (long));
      for (int k = 0; k < 15; k++)
        obj[i][k] = i * 15 + k;
      usable[i] = malloc_usable_size (obj[i]);
      where[i] = alaska_translate (obj[i]);
    }
}

/* How many objects are no longer where the last call found them. */
static long __attribute__ ((noinline)) count_moved (void)
{
  long moved = 0;
  for (long i = 0; i < N; i++)
    {
      void *now = alaska_translate (obj[i]);
      moved += now != where[i];
      where[i] = now;
    }
  return moved;
}

int main (void)
{
  setup ();
  int r1 = alaska_barrier ();
  long moved1 = count_moved ();
  int r2 = alaska_barrier ();
  long moved2 = count_moved ();
  long same = 0;
  for (long i = 0; i < N; i++)
    {
      int ok = malloc_usable_size (obj[i]) == usable[i];
      for (int k = 0; k < 15; k++)
        ok &= obj[i][k] == i * 15 + k;
      same += ok;
      free (obj[i]);
    }
  printf ("barriers %d %d\n", r1, r2);
  printf ("moved %ld %ld\n", moved1, moved2);
  printf ("same %ld\n", same);
  return 0;
}
