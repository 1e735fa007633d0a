/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Memory operands of asm statements are accesses. */
/* { dg-do compile { target x86_64-*-* } } */
int load (int *p)
{
  int v;
  __asm__ ("movl %1, %0" : "=r" (v) : "m" (*p));
  return v;
}

void store (int *p, int v)
{
  __asm__ ("movl %1, %0" : "=m" (p[2]) : "r" (v));
}
/* { dg-final { scan-alaska-dump-fn-times load "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times store "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
