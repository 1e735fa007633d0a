/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_LINK_CHECK=0 turns the start-up check off.
   Linked by plain gcc, as in linkcheck-warn.c. */
/* { dg-do run } */
/* { dg-alaska-mode fplugin } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-env "ALASKA_LINK_CHECK=0" } */
/* { dg-output "^sum 6\n$" } */
#include <stdio.h>
#include "units/plain-sum.h"

int main (void)
{
  int v[3] = { 1, 2, 3 };
  printf ("sum %d\n", plain_sum (v, 3));
  return 0;
}
