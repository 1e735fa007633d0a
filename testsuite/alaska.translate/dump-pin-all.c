/* SPDX-License-Identifier: GPL-3.0-or-later */
/* With -fplugin-arg-alaska-all-pins every translation stores its pin, also
   where dump-pin-elision.c (the default) elides them.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska -fplugin-arg-alaska-all-pins" } */
struct node { struct node *next; long value; };

long walk (struct node *q)
{
  long s = 0;
  for (; q; q = q->next)
    s = s * 3 + q->value;
  return s;
}

long straight (long *p, long *q, long *r)
{
  return p[0] + q[1] + r[2];
}
/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: pin stores: 1, elided: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times straight "^alaska: pin stores: 3, elided: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times straight "^alaska: pin set of 1 slots$" 1 } } */
