/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Vector and masked loads and stores made by the vectorizer (it runs
   before the translation pass) get their addresses translated. */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O3 -mavx2 -fdump-tree-alaska" } */
void masked (int *restrict a, const int *restrict b, const int *restrict c, int n)
{
  for (int i = 0; i < n; i++)
    if (c[i])
      a[i] = b[i];
}
/* { dg-final { scan-alaska-dump "\\.MASK_LOAD \\(" } } */
/* { dg-final { scan-alaska-dump "\\.MASK_STORE \\(" } } */
/* The vectorizer's pointer IVs (vectp_*) are only used through
   translations: no masked access takes one directly. */
/* { dg-final { scan-alaska-dump-not "\\.MASK_(LOAD|STORE) \\(vectp_" } } */
/* { dg-final { scan-alaska-dump "^alaska: translate a_\\d+\\(D\\) -> " } } */
/* { dg-final { scan-alaska-dump "^alaska: translate b_\\d+\\(D\\) -> " } } */
/* { dg-final { scan-alaska-dump "^alaska: translate c_\\d+\\(D\\) -> " } } */
