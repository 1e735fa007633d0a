/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-external-header=STR: functions declared in a header
   whose path contains STR are external. */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-alaska-external-header=units/plain-" } */
/* { dg-plain-sources "units/plain-sum.c" } */
/* { dg-output "^sum 15\n$" } */
#include "units/plain-sum.h"
#include "units/sum-heap-main.h"
