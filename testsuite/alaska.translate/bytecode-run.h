/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bytecode-run.h: a bytecode loop whose cursor PHI merges pointers of
   different roots, as SQLite's pOp: advanced on most operations, reset
   into the current program on a jump, moved to another program on a call.
   Shared by alaska.translate/dump-carried.c (what the plugin makes of it)
   and alaska.barrier/stress-carried.c (that it runs right while objects
   move).  */
struct op { int code, arg; };
struct prog { struct op *ops; struct prog *callee; long *counter; };

/* 0 returns, 1 adds its argument, 2 jumps to its argument, 3 goes on to
   the next program, 4 skips the next operation once the program's
   counter has run down. */
__attribute__((noinline)) long run (struct prog *p)
{
  long acc = 0;
  struct op *ops = p->ops, *pc = ops;
  for (;;)
    {
      switch (pc->code)
        {
        case 0: return acc;
        case 1: acc += pc->arg; break;
        case 2: pc = &ops[pc->arg - 1]; break;
        case 3: p = p->callee; ops = p->ops; pc = ops - 1; break;
        case 4: if (--*p->counter <= 0) pc++; break;
        default: return -1;
        }
      pc++;
    }
}
