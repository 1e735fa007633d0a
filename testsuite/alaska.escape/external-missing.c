/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Without an override, a handle that reaches plain code is not a raw
   address: the plain code faults.  The start-up warning came first.
   Linked by plain gcc: alaska-gcc would give plain_sum a link-time thunk. */
/* { dg-do run } */
/* { dg-alaska-mode fplugin } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-exit-status SIGSEGV } */
/* { dg-output "^alaska: warning: instrumented code passes handles to 'plain_sum'" } */
#include <stdio.h>
#include <stdlib.h>
#include "units/plain-sum.h"

int main (void)
{
  int *v = malloc (5 * sizeof *v);
  for (int i = 0; i < 5; i++)
    v[i] = i + 1;
  printf ("sum %d\n", plain_sum (v, 5));
  return 0;
}
