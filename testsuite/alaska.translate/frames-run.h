/* SPDX-License-Identifier: GPL-3.0-or-later */
/* frames-run.h: a loop with two cursors into one object, set anew on
   each pass, as Lua's `base' and `ra': a frame's registers and one of
   them, or, on a zero code, the registers of the frame above and its
   second.  Shared by alaska.translate/dump-sibling-phi.c (what the
   plugin makes of it) and alaska.barrier/stress-sibling-phi.c (that it
   runs right while frames move).  */
struct frame { struct frame *up; long regs[8]; };

__attribute__((noinline)) long run_frames (struct frame *f, const unsigned char *code, int n)
{
  long *base = f->regs, *ra = base;
  long s = 0;
  for (int k = 0; k < n; k++)
    {
      unsigned c = code[k];
      if (c == 0)
        {
          f = f->up;
          base = f->regs;
          ra = base + 1;
        }
      else
        ra = base + (c & 7);
      s += *ra + base[0];
    }
  return s;
}
