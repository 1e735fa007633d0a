/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/sum-heap-main.h: main of the external-*.c tests, which declare
   plain_sum (compiled by plain gcc) each their own way: a heap array is
   passed to it. */
#include <stdio.h>
#include <stdlib.h>

int main (void)
{
  int *v = malloc (5 * sizeof *v);
  for (int i = 0; i < 5; i++)
    v[i] = i + 1;
  printf ("sum %d\n", plain_sum (v, 5));
  free (v);
  return 0;
}
