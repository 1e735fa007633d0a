/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A translation unit that defines its own malloc and free keeps calling them (even before their definitions); calloc, not defined here, still becomes hcalloc. */
/* { dg-do compile } */
#include <stdlib.h>

void *(*p) (size_t) = malloc;

__attribute__((noipa)) void *f (size_t k, void *old)
{
  free (old);
  return malloc (k);
}

__attribute__((noipa)) void *g (size_t k)
{
  return calloc (k, 2);
}

static char pool[1 << 16];
static size_t used;

__attribute__((noipa)) void *malloc (size_t k)
{
  void *x = pool + used;
  used += (k + 15) & ~(size_t) 15;
  return x;
}

__attribute__((noipa)) void free (void *x)
{
  (void) x;
}

/* { dg-final { scan-alaska-asm-fn f {\m(call|jmp)\s+malloc\M} } } */
/* { dg-final { scan-alaska-asm-fn f {\m(call|jmp)\s+free\M} } } */
/* { dg-final { scan-alaska-asm {\.quad\s+malloc\M} } } */
/* { dg-final { scan-alaska-asm-fn g {\m(call|jmp)\s+hcalloc\M} } } */
/* { dg-final { scan-alaska-asm-not {\m(call|jmp)\s+h(alloc|free)\M} } } */
/* { dg-final { scan-alaska-asm-not {\.quad\s+halloc\M} } } */
