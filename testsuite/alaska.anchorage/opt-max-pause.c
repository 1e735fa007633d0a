/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_MAX_PAUSE stops the program at start-up, before
   main, with a message naming the variable and what it accepts (exit
   status 1), as every ANCHORAGE_* option does. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_MAX_PAUSE=5ms" } */
/* { dg-exit-status 1 } */
/* { dg-output "^anchorage: error: invalid value '5ms' of ANCHORAGE_MAX_PAUSE \\(expected a whole number from 0 to 60000\\)\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  printf ("main ran\n");
  free (malloc (1));
  return 0;
}
