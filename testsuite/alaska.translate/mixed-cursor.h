/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mixed-cursor.h: a loop whose cursor steps along an array of steps and,
   on a rare step, jumps to the one that step names (another array, or
   back to the start).  The pin of the cursor's PHI after the jump is in
   place where the cursor was stepped, and is stored on the jump's edge
   alone.  Shared by alaska.translate/dump-pin-in-place.c (what the plugin
   makes of it) and alaska.barrier/stress-pin-in-place.c (that it runs
   right while objects move).  */
struct step { int go, arg; struct step *jump; };

void tick (void);

__attribute__((noinline)) long mixed (struct step *pc, int n)
{
  long acc = 0;
  for (int i = 0; i < n; i++)
    {
      acc += pc->arg;
      tick ();
      if (__builtin_expect (pc->go != 0, 1))
        pc++;
      else
        pc = pc->jump;
    }
  return acc;
}
