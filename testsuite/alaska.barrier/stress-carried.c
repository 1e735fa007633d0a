/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under ALASKA_STRESS=1 barriers stop a bytecode loop whose cursor is a
   carried PHI (alaska.translate/bytecode-run.h): its translation comes
   around the loop, not from the table, so the array it points into must
   stay pinned by the cursor across every latch safepoint, while the
   programs not running move.  A cursor left unpinned reads the poison of
   the moved array's old copy and the sum comes out wrong.  Then the same
   programs, their jumps made relative, run in the computed-goto loop
   (bytecode-goto.h), whose cursor is carried through the block that
   dispatches; the cursor it leaves behind must still be the handle into
   the last program. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^run: sum 1160000000 in 40000 rounds\nrun_goto: sum 1160000000 in 40000 rounds\nstopped at op 2 of the last\nmoved 1\n" } */
/* { dg-output ".*\nalaska: barriers \[1-9\]\\d*\nalaska: barriers_failed 0\n" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>

#include "../alaska.translate/bytecode-goto.h"

enum { PROGS = 8, COUNT = 1000, ROUNDS = 40000 };

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct prog *progs[PROGS];
  void *before[PROGS];
  for (int i = 0; i < PROGS; i++)
    {
      progs[i] = malloc (sizeof *progs[i]);
      progs[i]->counter = malloc (sizeof (long));
      progs[i]->ops = malloc (4 * sizeof (struct op));
    }
  for (int i = 0; i < PROGS; i++)
    {
      struct op *o = progs[i]->ops;
      progs[i]->callee = i + 1 < PROGS ? progs[i + 1] : NULL;
      if (i + 1 < PROGS)
        {
          o[0] = (struct op) { 1, i + 1 };
          o[1] = (struct op) { 4, 0 };
          o[2] = (struct op) { 2, 0 };
          o[3] = (struct op) { 3, 0 };
        }
      else
        {
          o[0] = (struct op) { 1, COUNT };
          o[1] = (struct op) { 0, 0 };
        }
      before[i] = alaska_translate (o);
    }
  for (int go = 0; go < 2; go++)
    {
      long sum = 0;
      for (int r = 0; r < ROUNDS; r++)
        {
          for (int i = 0; i < PROGS; i++)
            *progs[i]->counter = COUNT;
          sum += go ? run_goto (progs[0]) : run (progs[0]);
        }
      printf ("%s: sum %ld in %d rounds\n", go ? "run_goto" : "run", sum, ROUNDS);
      /* The jumps back to the start, relative to the next operation. */
      for (int i = 0; i + 1 < PROGS; i++)
        progs[i]->ops[2].arg = -3;
    }
  int moved = 0;
  for (int i = 0; i < PROGS; i++)
    moved |= alaska_translate (progs[i]->ops) != before[i];
  printf ("stopped at op %td of the last\nmoved %d\n",
          run_goto_stopped_at - progs[PROGS - 1]->ops, moved);
  return 0;
}
