/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Address-taken uses of malloc and free in function bodies (arguments, assignments) become halloc and hfree. */
/* { dg-do compile } */
#include <stdlib.h>

extern void use (void *(*) (size_t), void (*) (void *));
void *(*fp) (size_t);

void f (void)
{
  use (malloc, free);
}

void g (void)
{
  fp = malloc;
}

/* { dg-final { scan-alaska-asm-fn f {\mhalloc\M} } } */
/* { dg-final { scan-alaska-asm-fn f {\mhfree\M} } } */
/* { dg-final { scan-alaska-asm-fn g {\mhalloc\M} } } */
/* { dg-final { scan-alaska-asm-fn-not f {\m(malloc|free)\M} } } */
/* { dg-final { scan-alaska-asm-fn-not g {\mmalloc\M} } } */
