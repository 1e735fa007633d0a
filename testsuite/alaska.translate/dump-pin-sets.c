/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pin sets: a translation that is live across a call stores its handle in
   a slot of the function's __alaska_pins array first; translations whose
   live ranges overlap get different slots, others share one; the stores
   survive into the assembly, before the calls that could observe them.
   (dump-pin-elision.c: translations with no stop point get no pin.) */
/* { dg-do compile } */
extern void tick (void);

/* p's and q's translations are both live at the sum: two slots. */
int overlap (int *p, int *q)
{
  int a = *p;
  tick ();
  int b = *q;
  tick ();
  return a + b + *p + *q;
}

/* Each translation is live across one call and dead before the next
   translation: one slot, stored three times. */
int disjoint (int *p, int *q, int *r)
{
  int s = p[0];
  tick ();
  s += p[1] + q[0];
  tick ();
  s += q[1] + r[0];
  tick ();
  return s + r[1];
}

int none (int x)
{
  tick ();
  return x;
}
/* { dg-final { scan-alaska-dump-fn-times overlap "^alaska: pin set of 2 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times disjoint "^alaska: pin set of 1 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times disjoint "__alaska_pins\\\[0\\\] = (p|q|r)_\\d+\\(D\\);" 3 } } */
/* { dg-final { scan-alaska-dump-fn-times none "^alaska: pin set of 0 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times none "__alaska_pins" 0 } } */
/* The store of p's handle reaches the assembly, before the first call. */
/* { dg-final { scan-alaska-asm-fn overlap {movq\s+%rdi, \d*\(%rsp\)[^\n]*\n(.*\n)*\s+call\s+tick} } } */
