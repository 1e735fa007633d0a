/* -fplugin-arg-alaska-external=FN: the same, named on the command line. */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-alaska-external=plain_sum" } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-output "^sum 15\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include "units/plain-sum.h"

int main (void)
{
  int *v = malloc (5 * sizeof *v);
  for (int i = 0; i < 5; i++)
    v[i] = i + 1;
  printf ("sum %d\n", plain_sum (v, 5));
  free (v);
  return 0;
}
