/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The slots the plugin marshals at external calls, as the pass's dump
   counts them: a non-const `T **' parameter is one slot; a structure
   parameter, each data pointer member (z_stream: next_in, next_out, msg,
   state, opaque -- not the zalloc and zfree callbacks); a `T *const *'
   array, each element of an array of known length, and otherwise a check
   at run time (an alaska_external function's), or one slot where the
   pointers there lead only to the library's memory (tfind's root).
   Wrapped functions (strtol, getsubopt, printf_size), the C library's own
   structures (FILE) and pointers to plain data get none. */
/* { dg-do compile } */
/* { dg-options "-fdump-tree-alaska" } */
#define _GNU_SOURCE
#include <iconv.h>
#include <printf.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wchar.h>
#include <zlib.h>

int subopt (char *o)
{
  char *const tokens[] = { "a", "b", NULL };
  char *v;
  return getsubopt (&o, tokens, &v);
}

size_t conv (iconv_t cd, char *in, size_t inlen, char *out, size_t outlen)
{
  return iconv (cd, &in, &inlen, &out, &outlen);
}

size_t wide (wchar_t *w, const char *src, mbstate_t *st)
{
  return mbsrtowcs (w, &src, 8, st);
}

int expand (z_stream *z)
{
  return inflate (z, Z_NO_FLUSH);
}

struct tm *when (const time_t *t, struct tm *tm)
{
  return localtime_r (t, tm);
}

long none (const char *s, char **end, FILE *f, char *d)
{
  fputs (s, f);
  return strtol (s, end, 10) + (long) memcpy (d, s, 4);
}

int plain_lengths (char *const *v) __attribute__ ((alaska_external));

int known (char *p, char *q)
{
  char *const a[] = { p, q, NULL };
  return plain_lengths (a);
}

int sized (FILE *f, const struct printf_info *info, const void *const *args)
{
  return printf_size (f, info, args);
}

void *root (const char *key, void *const *rootp, int (*cmp) (const void *, const void *))
{
  return tfind (key, rootp, cmp);
}

int unknown (char *const *v)
{
  return plain_lengths (v);
}

/* { dg-final { scan-alaska-dump-fn-times subopt "^alaska: marshal" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times conv "^alaska: marshal slot: " 2 } } */
/* { dg-final { scan-alaska-dump-fn-times wide "^alaska: marshal slot: " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times expand "^alaska: marshal slot: argument 0, offset (0|24|48|56|80)$" 5 } } */
/* { dg-final { scan-alaska-dump-fn-times expand "^alaska: marshal slot: " 5 } } */
/* { dg-final { scan-alaska-dump-fn-times when "^alaska: marshal slot: " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times none "^alaska: marshal" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times known "^alaska: marshal slot: " 3 } } */
/* { dg-final { scan-alaska-dump-fn-times sized "^alaska: marshal" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times unknown "^alaska: marshal slot: " 0 } } */
/* { dg-final { scan-alaska-dump-fn-times root "^alaska: marshal slot: argument 1, offset 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times root "unknown length" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times unknown "^alaska: marshal plain_lengths: argument 0 is an array of unknown length, checked at run time$" 1 } } */
