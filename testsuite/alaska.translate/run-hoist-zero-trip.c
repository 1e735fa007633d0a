/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A hoisted translation runs even when the loop body never does: it must
   not fault for values that are never dereferenced -- null, garbage with
   bit 63 set (an ID never allocated, the last slot of the table) and
   large raw values -- and loops over real handles still see the right
   memory.  The loop bodies call a function so that GCC keeps them. */
/* { dg-do run } */
/* { dg-output "^zero-trip 0 0 0 0\nsums 4950 4950\nnested 174\n$" } */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static volatile int sink;
static __attribute__ ((noinline)) void tick (void) { sink++; }

static __attribute__ ((noinline)) long sum (const int *p, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    {
      s += p[i];
      tick ();
    }
  return s;
}

static __attribute__ ((noinline)) long nested (int **rows, int n, int m)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    {
      const int *row = rows[i];
      for (int j = 0; j < m; j++)
        {
          s += row[j];
          tick ();
        }
    }
  return s;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  printf ("zero-trip %ld %ld %ld %ld\n", sum (NULL, 0),
          sum ((const int *) (uintptr_t) 0x8fffffff00000010ull, 0),
          sum ((const int *) (uintptr_t) ~0ull, 0),
          sum ((const int *) (uintptr_t) 0x7fffffffffff0000ull, 0));
  int *a = malloc (100 * sizeof *a);
  int stack[100];
  for (int i = 0; i < 100; i++)
    a[i] = stack[i] = i;
  printf ("sums %ld %ld\n", sum (a, 100), sum (stack, 100));
  int **rows = malloc (3 * sizeof *rows);
  for (int i = 0; i < 3; i++)
    {
      rows[i] = malloc (4 * sizeof (int));
      for (int j = 0; j < 4; j++)
        rows[i][j] = 10 * i + j + 3;
    }
  printf ("nested %ld\n", nested (rows, 3, 4));
  return 0;
}
