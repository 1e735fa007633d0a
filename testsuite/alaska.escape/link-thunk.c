/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program declares a function of a shared library built by plain gcc
   itself (no header, no attribute), as gnulib declares libselinux's
   getfilecon: the plugin assumes it instrumented and passes it handles.
   alaska-gcc's link finds no instrumented object defining it and reaches
   it through a thunk that translates the handles: it runs, with no
   start-up warning, while barriers move objects.  */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-plain-library "units/plain-sum.c" } */
/* { dg-output "^sum 15 ok 20000\n$" } */
#include <stdio.h>
#include <stdlib.h>

int plain_sum (const int *v, int n);

int main (void)
{
  int *v = malloc (5 * sizeof *v);
  for (int i = 0; i < 5; i++)
    v[i] = i + 1;
  printf ("sum %d", plain_sum (v, 5));
  long ok = 0;
  for (int i = 0; i < 20000; i++)
    {
      int *w = malloc ((i % 50 + 1) * sizeof *w);
      for (int j = 0; j <= i % 50; j++)
        w[j] = j;
      ok += plain_sum (w, i % 50 + 1) == (i % 50) * (i % 50 + 1) / 2;
      free (w);
    }
  printf (" ok %ld\n", ok);
  free (v);
  return 0;
}
