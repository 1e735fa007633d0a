/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-no-replace keeps every allocation on malloc, in calls and in static initializers. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-alaska-no-replace" } */
#include <stdlib.h>

void *(*p) (size_t) = malloc;

void *sink;

void *f (size_t k)
{
  free (sink);
  sink = malloc (k);
  return calloc (k, 1);
}

/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+malloc\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+free\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+calloc\M} } } */
/* { dg-final { scan-alaska-asm {\.quad\s+malloc\M} } } */
/* { dg-final { scan-alaska-asm-not {\m(call|jmp)\s+h(alloc|free|calloc)\M} } } */
/* { dg-final { scan-alaska-asm-not {\.quad\s+halloc\M} } } */
