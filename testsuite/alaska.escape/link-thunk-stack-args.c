/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function of a plain-gcc library that the program declares itself
   and passes eight pointers, two of them on the stack: a link-time thunk
   could translate only the six in registers, so alaska-gcc's link fails,
   naming the function and the fix, rather than make a program that
   would crash.  */
/* { dg-do link } */
/* { dg-plain-library "units/plain-sum.c" } */
/* { dg-error "error: \\S+ passes handles to 'plain_sum8', assuming the alaska plugin compiled it, but no instrumented object defines it, and passes it arguments on the stack, which a link-time thunk cannot translate; declare it __attribute__\\(\\(alaska_external\\)\\) or pass -fplugin-arg-alaska-external=plain_sum8" "" { target *-*-* } 0 } */
/* { dg-error "ld returned 1 exit status" "" { target *-*-* } 0 } */
/* { dg-error "the compiler exited with status 1" "" { target *-*-* } 0 } */
#include <stdlib.h>

long plain_sum8 (const long *, const long *, const long *, const long *,
                 const long *, const long *, const long *, const long *);

int main (void)
{
  long *v = calloc (8, sizeof *v);
  return (int) plain_sum8 (v, v + 1, v + 2, v + 3, v + 4, v + 5, v + 6, v + 7);
}
