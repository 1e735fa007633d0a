/* units/plain-sum.c: compiled by plain gcc (dg-plain-sources): it cannot
   read through a handle. */
#include "plain-sum.h"

int plain_sum (const int *v, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}
