/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Roots are found through pointer arithmetic, casts, integer round trips,
   alignment masks and PHIs: each function below has one root, p. */
/* { dg-do compile } */
#include <stdint.h>

int arith (int *p, long i)
{
  int *q = p + i;
  return q[0] + q[1];
}

int round_trip (char *p)
{
  uintptr_t u = (uintptr_t) p + 8;
  return *(int *) u;
}

int align_down (char *p)
{
  uintptr_t u = ((uintptr_t) p + 15) & ~(uintptr_t) 15;
  return *(long *) u;
}

int through_phi (int *p, int c)
{
  int *q = c ? p + 1 : p + 2;
  return *q;
}

int null_or_p (int *p, int c)
{
  int *q = c ? p : 0;
  return q ? *q : -1;
}

/* Two different roots: two translations. */
int two (int *p, int *q)
{
  return *p + *q;
}
/* { dg-final { scan-alaska-dump-fn-times arith "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times round_trip "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times align_down "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times through_phi "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times null_or_p "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times two "^alaska: translate " 2 } } */
/* { dg-final { scan-alaska-dump-fn-times two "^alaska: translate q_\\d+\\(D\\) -> " 1 } } */
