/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every call through a function pointer is checked against the main
   program's instrumented code: the target is the pointer itself or, when
   it lies outside, libalaska's trampoline, with the pointer as the static
   chain (%r10).  Direct calls are not.  */
/* { dg-do compile { target x86_64-*-* } } */
/* { dg-options "-O2 -fdump-tree-alaska" } */
extern long work (char *);

long through (long (*f) (char *), char *p)
{
  return f (p) + 1;
}

long twice (long (*f) (char *), long (*g) (char *), char *p)
{
  return f (p) + g (p);
}

long direct (char *p)
{
  return work (p) + 1;
}
/* { dg-final { scan-alaska-dump-times "^alaska: indirect call checked: " 3 } } */
/* { dg-final { scan-alaska-asm-fn through "alaska_instrumented_text" } } */
/* { dg-final { scan-alaska-asm-fn through "%r10" } } */
/* { dg-final { scan-alaska-asm-fn-not direct "alaska_instrumented_text|%r10" } } */
