/* SPDX-License-Identifier: GPL-3.0-or-later */
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

long plain_sum8 (const long *a, const long *b, const long *c, const long *d,
                 const long *e, const long *f, const long *g, const long *h)
{
  return *a + *b + *c + *d + *e + *f + *g + *h;
}
