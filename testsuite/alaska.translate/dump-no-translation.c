/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Stack objects, globals, static locals, string constants and null need no
   translation: only a pointer that may be a handle does. */
/* { dg-do compile } */
int global[8];
static const char *msg = "hello";

int locals (int i)
{
  static int counter;
  int stack[8];
  for (int k = 0; k < 8; k++)
    stack[k] = global[k] + k;
  counter += stack[i & 7];
  return counter + msg[1] + "xyz"[i & 1];
}

int through_local_pointer (int i)
{
  int a[4] = { 1, 2, 3, 4 };
  int *p = &a[1];
  return p[i & 1] + *(int *) 0 * 0;
}
/* { dg-final { scan-alaska-dump-fn-times locals "^alaska: translate " 0 } } */
/* { dg-final { scan-alaska-dump-fn-times locals "^alaska: locals: 0 translations \\(0 in loops, 0 hoisted\\), 0 accesses rewritten" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times through_local_pointer "^alaska: translate " 0 } } */
