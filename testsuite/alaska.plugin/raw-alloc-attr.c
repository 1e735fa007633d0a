/* SPDX-License-Identifier: GPL-3.0-or-later */
/* __attribute__((alaska_raw_alloc)) keeps malloc in that function; others get halloc. */
/* { dg-do compile } */
#include <stdlib.h>

__attribute__((alaska_raw_alloc, noipa)) void *f (size_t k, void *old)
{
  free (old);
  return malloc (k);
}

__attribute__((noipa)) void *g (size_t k)
{
  return malloc (k);
}

/* { dg-final { scan-alaska-asm-fn f {\m(call|jmp)\s+malloc\M} } } */
/* { dg-final { scan-alaska-asm-fn f {\m(call|jmp)\s+free\M} } } */
/* { dg-final { scan-alaska-asm-fn-not f {\mh(alloc|free)\M} } } */
/* { dg-final { scan-alaska-asm-fn g {\m(call|jmp)\s+halloc\M} } } */
/* { dg-final { scan-alaska-asm-fn-not g {\mmalloc\M} } } */
