/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_STATS is reported, naming the variable; the default
   (off) is kept: no statistics at exit. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_STATS=maybe" } */
/* { dg-output "^anchorage: warning: ignoring invalid value 'maybe' of ANCHORAGE_STATS \\(expected 1/0, yes/no, true/false or on/off\\)\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
