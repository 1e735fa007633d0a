/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bytecode-goto.h: bytecode-run.h's loop with computed-goto dispatch, as
   Lua's and CPython's interpreters: each operation fetches the next one
   and jumps through a table of label addresses.  Its jumps are relative
   to the next operation, as Lua's.  Shared by
   alaska.translate/dump-carried-goto.c and alaska.barrier/stress-carried.c.  */
#include "bytecode-run.h"

/* Where the last run stopped: the cursor lives past the loop, so every
   name of it meets the label blocks' PHIs on abnormal edges.  */
struct op *run_goto_stopped_at;

__attribute__((noinline)) long run_goto (struct prog *p)
{
  static void *const ops_of[] = { &&ret, &&add, &&jump, &&call, &&skip };
  long acc = 0;
  struct op *ops = p->ops, *pc = ops, i;
#define DISPATCH() do { i = *pc++;                                     \
                        if ((unsigned) i.code > 4) return -1;          \
                        goto *ops_of[i.code]; } while (0)
  DISPATCH ();
 ret:
  run_goto_stopped_at = pc;
  return acc;
 add:
  acc += i.arg;
  DISPATCH ();
 jump:
  pc += i.arg;
  DISPATCH ();
 call:
  p = p->callee;
  ops = p->ops;
  pc = ops;
  DISPATCH ();
 skip:
  if (--*p->counter <= 0)
    pc++;
  DISPATCH ();
#undef DISPATCH
}
