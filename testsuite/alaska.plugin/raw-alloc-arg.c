/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-raw-alloc=f,h keeps malloc in f and h only; g gets halloc. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-alaska-raw-alloc=f,h" } */
#include <stdlib.h>

__attribute__((noipa)) void *f (size_t k, void *old)
{
  free (old);
  return malloc (k);
}

__attribute__((noipa)) void *g (size_t k, void *old)
{
  free (old);
  return malloc (k);
}

__attribute__((noipa)) void *h (size_t k)
{
  return calloc (k, 4);
}

/* { dg-final { scan-alaska-asm-fn f {\m(call|jmp)\s+malloc\M} } } */
/* { dg-final { scan-alaska-asm-fn f {\m(call|jmp)\s+free\M} } } */
/* { dg-final { scan-alaska-asm-fn-not f {\mh(alloc|free)\M} } } */
/* { dg-final { scan-alaska-asm-fn g {\m(call|jmp)\s+halloc\M} } } */
/* { dg-final { scan-alaska-asm-fn g {\m(call|jmp)\s+hfree\M} } } */
/* { dg-final { scan-alaska-asm-fn-not g {\m(malloc|free)\M} } } */
/* { dg-final { scan-alaska-asm-fn h {\m(call|jmp)\s+calloc\M} } } */
