/* SPDX-License-Identifier: GPL-3.0-or-later */
/* malloc & co. in static initializers (file scope, aggregates, function-local statics) become their libalaska versions. */
/* { dg-do compile } */
#include <stdlib.h>
#include <string.h>

void *(*p) (size_t) = malloc;

struct ops {
  void *(*alloc) (size_t);
  void (*release) (void *);
  char *(*dup) (const char *);
} ops = { malloc, free, strdup };

void *use (size_t k)
{
  static void *(*q) (size_t, size_t) = calloc;
  return q (k, 1);
}

/* { dg-final { scan-alaska-asm-times {\.quad\s+halloc\M} 2 } } */
/* { dg-final { scan-alaska-asm {\.quad\s+hfree\M} } } */
/* { dg-final { scan-alaska-asm {\.quad\s+hstrdup\M} } } */
/* With optimisation, the call through q becomes a direct call.  */
/* { dg-final { scan-alaska-asm {\.quad\s+hcalloc\M|\m(call|jmp)\s+hcalloc\M} } } */
/* { dg-final { scan-alaska-asm-not {\.quad\s+(malloc|calloc|free|strdup)\M} } } */
/* { dg-final { scan-alaska-asm-not {\m(call|jmp)\s+calloc\M} } } */
