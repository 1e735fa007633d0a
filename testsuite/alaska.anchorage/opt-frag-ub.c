/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_FRAG_UB stops the program at start-up, before main,
   with a message naming the variable and what it accepts (exit status 1). */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_FRAG_UB=lots" } */
/* { dg-exit-status 1 } */
/* { dg-output "^anchorage: error: invalid value 'lots' of ANCHORAGE_FRAG_UB \\(expected a number from 1 to 1e\\+06\\)\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  printf ("main ran\n");
  free (malloc (1));
  return 0;
}
