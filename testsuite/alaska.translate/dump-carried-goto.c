/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A computed-goto loop (bytecode-goto.h) dispatches from one factored
   block, whose cursor PHI meets the label blocks on abnormal edges.  It
   is carried all the same: its twin is a name of its own, and the cursor
   is used only where it is defined, for its pin.  The fetch in each
   operation, and the offsets from it, read the twin: no translation of
   the cursor in the loop.  Its name past the loop is not carried.  Its
   delta comes round the loop with it: none is computed on each pass. */
/* { dg-do compile } */
#include "bytecode-goto.h"

/* { dg-final { scan-alaska-dump-fn-times run_goto "^alaska: carry pc_\\d+\\(ab\\) -> \\S+ in bb \\d+, loop depth 1$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times run_goto "^alaska: translate pc_" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times run_goto "^alaska: delta of \\S+ on edge \\d+->\\d+: its root's$" 6 } } */
/* { dg-final { scan-alaska-dump-fn-times run_goto "^alaska: delta of \\S+ on edge \\d+->\\d+: computed$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times run_goto "^alaska: derive pc_\\d+ from pc_\\d+\\(ab\\) by " 5 } } */
/* { dg-final { scan-alaska-dump-fn-times run_goto "^alaska: run_goto: 7 translations \\(5 in loops, 0 hoisted\\)" 1 } } */
