/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fdump-tree-alaska-details adds a line per statement to the dump:
   "alaska: rewritten in bb N: STMT" for each statement whose accesses or
   arguments were rewritten, "alaska: safepoint in bb N before CALL" and
   "alaska: safepoint on back edge A->B" for each safepoint (the entry's
   is in the summary).  sum reads two fields in its loop; link writes two
   fields of each of two objects, then passes one to a function that the
   plugin did not compile.  dump-details-plain.c compiles the same code
   with the plain -fdump-tree-alaska, which has none of these lines. */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska-details" } */
struct node { struct node *next; int v; };
extern void show (const struct node *n) __attribute__ ((alaska_external));

int sum (struct node *n)
{
  int s = 0;
  for (; n; n = n->next)
    s += n->v;
  return s;
}

void link (struct node *a, struct node *b)
{
  a->next = b;
  a->v = 1;
  b->next = 0;
  b->v = 2;
  show (a);
}
/* { dg-final { scan-alaska-dump-fn-times sum "^alaska: rewritten in bb \\d+: \\S+ = MEM\\\[\\(struct node \\*\\)\\S+\\\]\\.(v|next);$" 2 } } */
/* { dg-final { scan-alaska-dump-fn-times sum "^alaska: safepoint on back edge \\d+->\\d+$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times sum "^alaska: safepoint in bb" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times link "^alaska: rewritten in bb 2: MEM\\\[\\(struct node \\*\\)\\S+\\\]\\.(v|next) = \\S+;$" 4 } } */
/* { dg-final { scan-alaska-dump-fn-times link "^alaska: rewritten in bb 2: show \\(\\S+\\);$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times link "^alaska: safepoint in bb 2 before show \\(\\S+\\);$" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: (rewritten|safepoint) " 9 } } */
