/* SPDX-License-Identifier: GPL-3.0-or-later */
/* __attribute__((alaska_external)) on the declaration: the heap array is
   translated before the call, the plain code reads it, and there is no
   link-check warning. */
/* { dg-do run } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-output "^sum 15\n$" } */
int plain_sum (const int *v, int n) __attribute__ ((alaska_external));
#include "units/sum-heap-main.h"
