/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A negative ANCHORAGE_PASS_LIMIT is reported, naming the variable and
   what it accepts; the default is kept and the program goes on. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_PASS_LIMIT=-5" } */
/* { dg-output "^anchorage: warning: ignoring invalid value '-5' of ANCHORAGE_PASS_LIMIT \\(expected an integer from 0 to 1000000000000000\\)\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
