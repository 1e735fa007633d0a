/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One translation per root, shared down the dominator tree: the access in
   the entry block dominates both arms and the join. */
/* { dg-do compile } */
struct s { int a, b, c; };

int share (struct s *p, int c)
{
  int r = p->a;
  if (c)
    r += p->b;
  else
    r -= p->c;
  return r + p->a * 3;
}

/* No access dominates the others: each arm translates on its own, and the
   join, dominated by neither arm, translates again. */
int arms (struct s *p, int c)
{
  int r;
  if (c)
    r = p->b;
  else
    r = p->c;
  return r + p->a;
}
/* { dg-final { scan-alaska-dump-fn-times share "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times arms "^alaska: translate p_\\d+\\(D\\) -> " 3 } } */
