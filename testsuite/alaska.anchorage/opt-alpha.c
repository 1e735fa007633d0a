/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_ALPHA stops the program at start-up, before main,
   with a message naming the variable and what it accepts (exit status 1). */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_ALPHA=2" } */
/* { dg-exit-status 1 } */
/* { dg-output "^anchorage: error: invalid value '2' of ANCHORAGE_ALPHA \\(expected a number from 1e-06 to 1\\)\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  printf ("main ran\n");
  free (malloc (1));
  return 0;
}
