/* SPDX-License-Identifier: GPL-3.0-or-later */
/* At -O0 there is no loop pipeline: every function is instrumented at the
   late fallback, before "optimized", exactly once. */
/* { dg-do compile } */
/* { dg-options "-O0 -fdump-tree-alaska" } */
int sum (const int *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}
/* { dg-final { scan-alaska-dump-times "^alaska: sum: \\d+ translations \\(\\d+ in loops, 0 hoisted\\), \\d+ accesses rewritten, 0 escaping arguments \\(at late fallback\\)$" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: sum: " 1 } } */
/* { dg-final { scan-alaska-dump "^alaska: translate p_\\d+\\(D\\) -> " } } */
