/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pin elision (the default; -fplugin-arg-alaska-all-pins turns it off, as
   in dump-pin-all.c): a pin is only read where the thread can stop, so a
   translation whose live range holds no call, asm, back edge or statement
   that expansion may turn into a call gets no pin store and no slot.  Each
   function below says which it is.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska" } */
extern void tick (void);

struct node { struct node *next; long value; char pad[16]; };
struct big { long w[16]; };

/* q is translated, read and dead before the latch: no pin.  */
long walk (struct node *q)
{
  long s = 0;
  for (; q; q = q->next)
    s = s * 3 + q->value;
  return s;
}

/* p's translation is hoisted and live across every latch: pinned.  */
long sum (long *p, long n)
{
  long s = 0;
  for (long i = 0; i < n; i++)
    s += p[i];
  return s;
}

/* Live across a call: pinned.  */
long across_call (long *p)
{
  long a = p[0];
  tick ();
  return a + p[1];
}

/* Straight-line code and no call: no pins, no pin set.  */
long straight (long *p, long *q, long *r)
{
  return p[0] + q[1] + r[2];
}

/* A block copy may become a call to memcpy: pinned.  */
void copy (struct big *d, struct big *s)
{
  *d = *s;
}

/* A copy of a type with a machine mode moves in registers: Lua's TValue
   copy `o1->value_ = o2->value_' (an 8-byte union), and a 128-bit
   integer copied, not divided.  No pins.  */
union value { void *p; long i; double d; };
struct tvalue { union value v; unsigned char tt; };
void copy_value (struct tvalue *d, const struct tvalue *s)
{
  d->v = s->v;
  d->tt = s->tt;
}
void copy_int128 (__int128 *d, const __int128 *s)
{
  *d = *s;
}

/* A 12-byte block has no machine mode: it takes more than one move, and
   may become a call to memcpy where moves are dear.  Pinned.  */
struct twelve { char c[12]; };
void copy_twelve (struct twelve *d, const struct twelve *s)
{
  *d = *s;
}

/* 128-bit division is a call to libgcc: pinned.  */
__int128 divide (__int128 *p, __int128 d)
{
  return p[0] / d + p[1];
}

/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: pin stores: 0, elided: 1$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: pin set of 0 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: no pin for q_\\d+: no stop point while translated$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times sum "^alaska: pin stores: 1, elided: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times across_call "^alaska: pin stores: 1, elided: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times straight "^alaska: pin stores: 0, elided: 3$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times straight "__alaska_pins" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times copy "^alaska: pin stores: 2, elided: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times copy_value "^alaska: pin stores: 0, elided: 2$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times copy_int128 "^alaska: pin stores: 0, elided: 2$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times copy_twelve "^alaska: pin stores: 2, elided: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times divide "^alaska: pin stores: 1, elided: 0$" 1 } } */
/* No pin store in walk's loop: the assembly of walk stores nothing.  */
/* { dg-final { scan-alaska-asm-fn-not walk {mov[a-z]*\s+%r[a-z0-9]+, -?\d*\(%r[sb]p\)} } } */
