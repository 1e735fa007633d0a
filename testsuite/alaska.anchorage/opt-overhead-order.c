/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ANCHORAGE_OVERHEAD_LB must not be above ANCHORAGE_OVERHEAD_UB: a pair in
   the wrong order is reported, naming both, and both defaults are kept. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_OVERHEAD_LB=0.5" "ANCHORAGE_OVERHEAD_UB=0.2" } */
/* { dg-output "^anchorage: warning: ignoring ANCHORAGE_OVERHEAD_LB \\(0.5\\) and ANCHORAGE_OVERHEAD_UB \\(0.2\\): the first must be at most the second; keeping 0.01 and 0.05\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
