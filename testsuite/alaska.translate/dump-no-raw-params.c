/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-no-raw-params: the functions of dump-raw-params.c
   translate their own parameters, and their callers pass handles. */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska -fplugin-arg-alaska-no-raw-params" } */
#include "dump-raw-params.c"

/* { dg-final { scan-alaska-dump-not "arrives translated" } } */
/* { dg-final { scan-alaska-dump-not "translated for static callees" } } */
/* { dg-final { scan-alaska-dump-times "^alaska: bump: 1 translations " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: sum_range: 1 translations " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: drive: 4 translations " 1 } } */
