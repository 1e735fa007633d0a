/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-lengths.c: compiled by plain gcc (dg-plain-sources): the
   total length of a null-terminated array of strings, which it cannot
   read through handles. */
#include <string.h>

int plain_lengths (char *const *v)
{
  int n = 0;
  for (; *v; v++)
    n += (int) strlen (*v);
  return n;
}
