/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function declared in a project header is assumed to be compiled by the
   plugin; here it is not (units/plain-sum.c is built by plain gcc), and
   the start-up check says so, naming it.  (Only a stack array is passed,
   so the program itself runs.)  The check at start-up is what remains
   when the program is linked by plain gcc: alaska-gcc would give
   plain_sum a link-time thunk. */
/* { dg-do run } */
/* { dg-alaska-mode fplugin } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-output "^alaska: warning: instrumented code passes handles to 'plain_sum', assuming the alaska plugin compiled it, but no instrumented object defines it; if it is not compiled with the plugin, declare it __attribute__\\(\\(alaska_external\\)\\) or pass -fplugin-arg-alaska-external=plain_sum\nsum 6\n$" } */
#include <stdio.h>
#include "units/plain-sum.h"

int main (void)
{
  int v[3] = { 1, 2, 3 };
  printf ("sum %d\n", plain_sum (v, 3));
  return 0;
}
