/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pins in place: a translation's pin store is left out where its slot
   holds a handle of the same object already on every path to it.  A
   carried PHI's store at the top of its block is left out where each
   edge brings the root of its argument in the slot, and moved to the
   edges that lack it where those are rare.  A root defined again (a
   list walk's cursor) must be stored again.  Translations whose pins are
   elided (live across no call, asm or latch) store nothing, so the
   cursor's PHIs, whose incoming values are such translations here, get
   their stores on the edges from them: the loop's entry, and the jump. */
/* { dg-do compile } */
#include "mixed-cursor.h"

/* The third translation of p follows one in each branch, both in slot 0.
   Each is live across a call, so that each is pinned.  */
long diamond (long *p, int c)
{
  long s;
  if (c)
    {
      s = p[0];
      tick ();
      s += p[3];
    }
  else
    {
      s = p[1];
      tick ();
      s += p[4];
    }
  long t = p[2];
  tick ();
  return s + t + p[5];
}

struct node { struct node *next; long value; };

long walk (struct node *q)
{
  long s = 0;
  for (; q; q = q->next)
    {
      s = s * 3 + q->value;
      tick ();
    }
  return s;
}

/* The jump to y, hoisted and pinned in a slot of its own, lacks the
   cursor's slot: the rare edge gets the store. */
long rejoin (struct step *x, struct step *y, int n)
{
  long acc = 0;
  struct step *pc = x;
  while (n-- > 0)
    {
      tick ();
      acc += pc->arg;
      pc = __builtin_expect (pc->go == 0, 0) ? y : pc + 1;
    }
  return acc;
}
/* { dg-final { scan-alaska-dump-fn-times mixed "^alaska: pin of pc_\\d+ in place in slot 0, stored on 1 edges$" 2 } } */
/* { dg-final { scan-alaska-dump-fn-times mixed "^alaska: pins in place: 2, stored on edges: 2$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times mixed "__alaska_pins\\\[0\\\] = pc_\\d+(\\(D\\))?;" 2 } } */
/* { dg-final { scan-alaska-dump-fn-times diamond "^alaska: pin of p_\\d+\\(D\\) in place in slot 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times diamond "__alaska_pins\\\[0\\\] = p_\\d+\\(D\\);" 2 } } */
/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: pins in place: 0, stored on edges: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times walk "__alaska_pins\\\[0\\\] = q_\\d+;" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times rejoin "^alaska: pin of pc_\\d+ in place in slot 0, stored on 1 edges$" 2 } } */
/* { dg-final { scan-alaska-dump-fn-times rejoin "^alaska: pins in place: 2, stored on edges: 2$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times rejoin "__alaska_pins\\\[0\\\] = y_\\d+\\(D\\);" 1 } } */
