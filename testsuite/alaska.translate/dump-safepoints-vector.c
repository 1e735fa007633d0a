/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Safepoints come after hoisting and vectorization: a vectorized loop over
   handles stays vectorized, with its translation in the preheader. */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -mavx2 -fdump-tree-alaska" } */
void add (int *restrict a, const int *restrict b, int n)
{
  for (int i = 0; i < n; i++)
    a[i] += b[i];
}
/* { dg-final { scan-alaska-asm-fn add {vpaddd\s+[^\n]*%ymm} } } */
/* { dg-final { scan-alaska-dump "^alaska: translate a_\\d+\\(D\\) -> \\S+ in bb \\d+, loop depth 0, hoisted out of loop" } } */
/* { dg-final { scan-alaska-dump-not "^alaska: translate \\S+ -> \\S+ in bb \\d+, loop depth (1|2|3)" } } */
