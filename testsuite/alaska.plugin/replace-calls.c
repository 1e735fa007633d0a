/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every call of the allocation family (ALASKA_REPLACEMENTS in alaska-abi.h), also through __builtin_, becomes a call of its libalaska version. */
/* { dg-do compile } */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>

void *sink[16];
size_t n;
int r;

void f (size_t k, const char *s)
{
  sink[0] = malloc (k);
  sink[1] = calloc (k, 2);
  sink[2] = realloc (sink[0], k * 2);
  sink[3] = reallocarray (sink[1], k, 4);
  sink[4] = aligned_alloc (64, k);
  r = posix_memalign (&sink[5], 64, k);
  sink[6] = memalign (32, k);
  sink[7] = valloc (k);
  sink[8] = pvalloc (k);
  n = malloc_usable_size (sink[2]);
  sink[9] = strdup (s);
  sink[10] = strndup (s, k);
  sink[11] = __builtin_malloc (k + 1);
  free (sink[3]);
  __builtin_free (sink[4]);
}

/* { dg-final { scan-alaska-asm-times {\m(call|jmp)\s+halloc\M} 2 } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hcalloc\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hrealloc\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hreallocarray\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+haligned_alloc\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hposix_memalign\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hmemalign\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hvalloc\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hpvalloc\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+halloc_usable_size\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hstrdup\M} } } */
/* { dg-final { scan-alaska-asm {\m(call|jmp)\s+hstrndup\M} } } */
/* { dg-final { scan-alaska-asm-times {\m(call|jmp)\s+hfree\M} 2 } } */
/* { dg-final { scan-alaska-asm-not {\m(call|jmp)\s+(malloc|calloc|realloc|reallocarray|free|aligned_alloc|posix_memalign|memalign|valloc|pvalloc|malloc_usable_size|strdup|strndup)\M} } } */
