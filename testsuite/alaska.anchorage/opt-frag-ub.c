/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A non-numeric ANCHORAGE_FRAG_UB is reported, naming the variable; the
   default is kept and the program goes on. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_FRAG_UB=lots" } */
/* { dg-output "^anchorage: warning: ignoring invalid value 'lots' of ANCHORAGE_FRAG_UB \\(expected a number from 1 to 1e\\+06\\)\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
