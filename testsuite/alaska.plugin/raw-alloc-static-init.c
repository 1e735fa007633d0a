/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A local static initialised with malloc keeps malloc inside a function
   whose allocations stay raw (alaska_raw_alloc); elsewhere it gets halloc. */
/* { dg-do compile } */
#include <stdlib.h>

__attribute__((alaska_raw_alloc, noipa)) void *raw (size_t k)
{
  static void *(*volatile raw_fn) (size_t) = malloc;
  return raw_fn (k);
}

__attribute__((noipa)) void *handled (size_t k)
{
  static void *(*volatile handled_fn) (size_t) = malloc;
  return handled_fn (k);
}

/* { dg-final { scan-alaska-asm {raw_fn\.\d+:\n\s+\.quad\s+malloc\n} } } */
/* { dg-final { scan-alaska-asm {handled_fn\.\d+:\n\s+\.quad\s+halloc\n} } } */
