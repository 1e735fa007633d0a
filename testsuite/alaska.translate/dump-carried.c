/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A cursor whose PHI merges pointers of different roots (bytecode-run.h)
   is a root of its own.  Most of the flow into it comes with its
   translation at hand, so it is carried: a twin PHI of translations, and
   no table load for `pc->code' on each pass.  A jump translates the array
   it jumps in, and a call the program it loads; the array is not carried
   for the jumps alone.  The delta (twin - cursor) is carried as well,
   along every edge the delta of the argument's root, so that no pass
   computes it. */
/* { dg-do compile } */
#include "bytecode-run.h"

/* The same loop where every pass loads the cursor anew is not carried. */
struct node { struct node *next; long v; };

long walk (struct node *n)
{
  long s = 0;
  for (; n; n = n->next)
    s += n->v;
  return s;
}
/* { dg-final { scan-alaska-dump-fn-times run "^alaska: carry pc_\\d+ -> \\S+ in bb \\d+, loop depth 1$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times run "^alaska: carry " 2 } } */
/* { dg-final { scan-alaska-dump-fn-times run "^alaska: translate pc_" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times run "^alaska: translate ops_\\d+ -> \\S+ in bb \\d+, loop depth 1$" 2 } } */
/* { dg-final { scan-alaska-dump-fn-times run "^alaska: delta of \\S+ on edge \\d+->\\d+: its root's$" 7 } } */
/* { dg-final { scan-alaska-dump-fn-times run "^alaska: delta of \\S+ on edge \\d+->\\d+: computed$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: carry " 0 } } */
/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: translate n_\\d+ -> \\S+ in bb \\d+, loop depth 1$" 1 } } */
