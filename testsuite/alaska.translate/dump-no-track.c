/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-no-track: the functions of dump-pin-sets.c, with
   translations as usual but no pin set and no safepoint. */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska -fplugin-arg-alaska-no-track" } */
#include "dump-pin-sets.c"

/* { dg-final { scan-alaska-dump-times "^alaska: translate " 5 } } */
/* { dg-final { scan-alaska-dump-not "pin set" } } */
/* { dg-final { scan-alaska-dump-not "safepoints" } } */
/* { dg-final { scan-alaska-asm-not "Lalaska_sp" } } */
/* { dg-final { scan-alaska-dump-not "__alaska_pins" } } */
