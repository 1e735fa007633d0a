/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_CONTROL stops the program at start-up, before main,
   with a message naming the variable and what it accepts (exit status 1). */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=maybe" } */
/* { dg-exit-status 1 } */
/* { dg-output "^anchorage: error: invalid value 'maybe' of ANCHORAGE_CONTROL \\(expected 1/0, yes/no, true/false or on/off\\)\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  printf ("main ran\n");
  free (malloc (1));
  return 0;
}
