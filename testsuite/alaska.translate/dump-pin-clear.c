/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A pin slot that a stop point (here, a call) may find unstored is cleared
   at entry, before the entry safepoint; one stored before every stop point
   is not.  alaska.barrier/stale-pin-slot.c and stale-pin-entry.c run it.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska" } */
struct s { long v; };
extern void work (void);

/* The hoisted translation of a is live across the calls in the loop, and
   its slot is stored after the first call.  */
long call_first (struct s *a, int n)
{
  work ();
  long x = 0;
  for (int i = 0; i < n; i++)
    {
      x += a->v;
      work ();
    }
  return x;
}

/* Stored before the only call.  */
long stored_first (long *p)
{
  long x = *p;
  work ();
  return x + *p;
}

/* Two slots: p's is stored before the first call, q's only after it.  */
long one_of_two (long *p, long *q)
{
  long x = *p;
  work ();
  x += *q + *p;
  work ();
  return x + *q + *p;
}
/* { dg-final { scan-alaska-dump-fn-times call_first "^alaska: pin set of 1 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times call_first "^alaska: pin slots cleared at entry: 1$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times call_first "^  __alaska_pins = \{\};$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times stored_first "^alaska: pin set of 1 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times stored_first "^alaska: pin slots cleared at entry: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times one_of_two "^alaska: pin set of 2 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times one_of_two "^alaska: pin slots cleared at entry: 1$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times one_of_two "^  __alaska_pins\\\[\[01\]\] = 0B;$" 1 } } */
