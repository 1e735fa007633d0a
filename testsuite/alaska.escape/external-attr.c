/* __attribute__((alaska_external)) on the declaration: the heap array is
   translated before the call, the plain code reads it, and there is no
   link-check warning. */
/* { dg-do run } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-output "^sum 15\n$" } */
#include <stdio.h>
#include <stdlib.h>

int plain_sum (const int *v, int n) __attribute__ ((alaska_external));

int main (void)
{
  int *v = malloc (5 * sizeof *v);
  for (int i = 0; i < 5; i++)
    v[i] = i + 1;
  printf ("sum %d\n", plain_sum (v, 5));
  free (v);
  return 0;
}
