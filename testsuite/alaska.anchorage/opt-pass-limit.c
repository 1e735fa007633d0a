/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_PASS_LIMIT stops the program at start-up, before main,
   with a message naming the variable and what it accepts (exit status 1). */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_PASS_LIMIT=-5" } */
/* { dg-exit-status 1 } */
/* { dg-output "^anchorage: error: invalid value '-5' of ANCHORAGE_PASS_LIMIT \\(expected a whole number from 0 to 1000000000000000\\)\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  printf ("main ran\n");
  free (malloc (1));
  return 0;
}
