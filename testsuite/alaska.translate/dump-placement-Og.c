/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -Og has no loop pipeline either. */
/* { dg-do compile } */
/* { dg-options "-Og -fdump-tree-alaska" } */
int sum (const int *p, int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += p[i];
  return s;
}
/* { dg-final { scan-alaska-dump-times "^alaska: sum: 1 translations \\(1 in loops, 0 hoisted\\), 1 accesses rewritten, 0 escaping arguments \\(at (no-loop pipeline|late fallback)\\)$" 1 } } */
