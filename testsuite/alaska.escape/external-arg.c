/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-external=FN: the same, named on the command line. */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-alaska-external=plain_sum" } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-output "^sum 15\n$" } */
#include "units/plain-sum.h"
#include "units/sum-heap-main.h"
