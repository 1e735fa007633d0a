/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plain -fdump-tree-alaska of dump-details.c: its summaries, and no
   per-statement line (those need -fdump-tree-alaska-details). */
/* { dg-do compile } */
#include "dump-details.c"
/* { dg-final { scan-alaska-dump-times "^alaska: sum: 1 translations \\(1 in loops, 0 hoisted\\), 2 accesses rewritten" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: link: 2 translations \\(0 in loops, 0 hoisted\\), 4 accesses rewritten, 1 escaping arguments" 1 } } */
/* { dg-final { scan-alaska-dump-not "^alaska: (rewritten|safepoint) " } } */
