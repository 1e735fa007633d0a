/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An ANCHORAGE_MAX_PAUSE with a unit is reported at start-up, naming the
   variable and what it accepts; the default is kept and main runs. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_MAX_PAUSE=5ms" } */
/* { dg-output "^anchorage: warning: ignoring invalid value '5ms' of ANCHORAGE_MAX_PAUSE \\(expected an integer from 0 to 60000\\)\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
