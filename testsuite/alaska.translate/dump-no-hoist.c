/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-no-hoist: the same functions as dump-hoist.c, with
   every translation in place, inside the loops. */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska -fplugin-arg-alaska-no-hoist" } */
#include "dump-hoist.c"

/* { dg-final { scan-alaska-dump-times "^alaska: with_call: 1 translations \\(1 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: rows: 2 translations \\(2 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times rows "^alaska: translate \\S+ -> \\S+ in bb \\d+, loop depth (1|2)$" 2 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: walk: 1 translations \\(1 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: list: 1 translations \\(1 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-not "hoisted out of loop" } } */
