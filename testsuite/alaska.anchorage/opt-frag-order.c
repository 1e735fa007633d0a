/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ANCHORAGE_FRAG_LB must be below ANCHORAGE_FRAG_UB (hysteresis): a pair
   in the wrong order is reported, naming both, and both defaults are kept. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_FRAG_LB=1.5" "ANCHORAGE_FRAG_UB=1.2" } */
/* { dg-output "^anchorage: warning: ignoring ANCHORAGE_FRAG_LB \\(1.5\\) and ANCHORAGE_FRAG_UB \\(1.2\\): the first must be below the second; keeping 1.1 and 1.25\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
