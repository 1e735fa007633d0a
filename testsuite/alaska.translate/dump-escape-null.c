/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A pointer argument of a call leaving instrumented code that is its root
   plus an offset is null only where the root is, and so is its
   translation: no test for null.  One that reaches the call through a PHI
   that also takes null keeps its test (run-phi-null-escape.c).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska" } */
#include <pthread.h>
#include <string.h>

struct rec { long n; pthread_mutex_t lock; char name[16]; };
extern void sink (const char *) __attribute__ ((alaska_external));

int lock_rec (struct rec *r)
{
  return pthread_mutex_lock (&r->lock);
}

size_t tail_len (struct rec *r)
{
  return strlen ((const char *) (unsigned long) (r->name + 1));
}

void maybe (struct rec *r, int named)
{
  const char *q = named ? r->name : NULL;
  sink (q);
}
/* { dg-final { scan-alaska-dump-times "^alaska: (lock_rec|tail_len|maybe): 1 translations \\(0 in loops, 0 hoisted\\), 0 accesses rewritten, 1 escaping arguments" 3 } } */
/* { dg-final { scan-alaska-dump-times "= _\\d+ \\? _\\d+ : 0B;" 1 } } */
