/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under ALASKA_STRESS=1, barriers stop static functions in loops over
   arrays they were given translated (raw-params.cc: their callers
   translate and pin the arguments, which they access themselves).  The caller's pin must keep each
   array in place for the whole call, through a second static callee and
   every latch safepoint, while the arrays not in use move.  With the
   caller's pin left out, the malloc service finds `fill' writing to an
   array's old, poisoned copy and stops the program. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^sum 1060896768000\nmoved 1\n" } */
/* { dg-output ".*\nalaska: barriers \[1-9\]\\d*\nalaska: barriers_failed 0\n" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>

enum { ARRAYS = 8, N = 4096, ROUNDS = 4000 };

static __attribute__ ((noinline)) void fill (long *a, long first)
{
  for (int k = 0; k < N; k++)
    a[k] = first + k;
}

static __attribute__ ((noinline)) long sum_range (long *from, long *to)
{
  long s = 0;
  for (; from != to; from++)
    s += *from;
  return s;
}

static __attribute__ ((noinline)) long sum_twice (long *a)
{
  return 2 * a[0] + sum_range (a + 1, a + N) + sum_range (a + 1, a + N);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  long *arrays[ARRAYS];
  void *before[ARRAYS];
  for (int i = 0; i < ARRAYS; i++)
    {
      arrays[i] = malloc (N * sizeof (long));
      before[i] = alaska_translate (arrays[i]);
    }
  long sum = 0;
  for (long r = 0; r < ROUNDS; r++)
    for (int i = 0; i < ARRAYS; i++)
      {
        arrays[i][0] = r;               /* main reaches the array itself */
        fill (arrays[i], r);
        sum += sum_twice (arrays[i]);
      }
  int moved = 0;
  for (int i = 0; i < ARRAYS; i++)
    moved |= alaska_translate (arrays[i]) != before[i];
  printf ("sum %ld\nmoved %d\n", sum, moved);
  return 0;
}
