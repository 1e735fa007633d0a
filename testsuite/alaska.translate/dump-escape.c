/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pointer arguments of calls leaving instrumented code are translated,
   varargs included; arguments of instrumented functions, cookies such as
   pthread_create's argument, and the values printf prints with %p, are
   not. */
/* { dg-do compile } */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

extern void local_helper (char *);      /* not in a system header */

void escapes (char *buf, const char *name, long n)
{
  memset (buf, 0, n);                   /* 1: buf */
  printf ("%s %p\n", name, buf);        /* 2: name (varargs); %p stays */
  printf ("%*s|%p|%s\n", 3, name, buf, name);  /* 3, 4: name, name */
  local_helper (buf);                   /* instrumented: not translated */
}

static void *worker (void *arg) { return arg; }

int cookie (void *state)
{
  pthread_t t;
  return pthread_create (&t, 0, worker, state);  /* the cookie stays a handle */
}
/* { dg-final { scan-alaska-dump-times "^alaska: escapes: \\d+ translations \\(\\d+ in loops, \\d+ hoisted\\), \\d+ accesses rewritten, 4 escaping arguments" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: cookie: 0 translations \\(0 in loops, 0 hoisted\\), 0 accesses rewritten, 0 escaping arguments" 1 } } */
