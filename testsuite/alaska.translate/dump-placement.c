/* SPDX-License-Identifier: GPL-3.0-or-later */
/* At -O2, a function with a loop is instrumented inside the loop pipeline
   (before ivopts), a loop-free one after the no-loop pipeline; each
   exactly once. */
/* { dg-do compile } */
int sum (const int *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}

int first (const int *p)
{
  return p[0];
}
/* { dg-final { scan-alaska-dump-times "^alaska: sum: 1 translations \\(0 in loops, 1 hoisted\\), 1 accesses rewritten, 0 escaping arguments \\(at loop pipeline\\)$" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: first: 1 translations \\(0 in loops, 0 hoisted\\), 1 accesses rewritten, 0 escaping arguments \\(at no-loop pipeline\\)$" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: sum: " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: first: " 1 } } */
