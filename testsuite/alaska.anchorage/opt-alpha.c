/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An ANCHORAGE_ALPHA outside (0, 1] is reported, naming the variable and
   what it accepts; the default is kept and the program goes on. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_ALPHA=2" } */
/* { dg-output "^anchorage: warning: ignoring invalid value '2' of ANCHORAGE_ALPHA \\(expected a number from 1e-06 to 1\\)\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
