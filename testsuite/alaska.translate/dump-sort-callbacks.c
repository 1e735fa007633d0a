/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Comparison functions of qsort, qsort_r and bsearch (raw-params.cc):
   the C library calls them with pointers into the array it was given
   translated, so a static comparison whose address goes only there reads
   the elements without translating the pointers to them.  Not so for one
   whose address is also stored or that is also called directly (not
   inlined: an inlined copy is its caller's code), one that
   is exported, one given to the program's own sort (compiled by the
   plugin, it passes handles), one that keeps its parameter, or one given
   to glibc's inline bsearch, which GCC inlines at -O2, where the call
   becomes a direct one with the key as the program holds it (the element
   may then arrive translated as for any static callee); nor for qsort_r's
   cookie. */
/* { dg-do compile } */
#define _GNU_SOURCE
#include <stdlib.h>

struct rec { long key; struct rec *next; };

static int by_key (const void *ka, const void *kb)
{
  const struct rec *x = *(struct rec *const *) ka, *y = *(struct rec *const *) kb;
  return (x->key > y->key) - (x->key < y->key);
}

static int by_key_r (const void *ra, const void *rb, void *cookie)
{
  const struct rec *x = *(struct rec *const *) ra, *y = *(struct rec *const *) rb;
  ++*(long *) cookie;
  return (x->key > y->key) - (x->key < y->key);
}

static int stored (const void *sa, const void *sb)
{
  return **(const long *const *) sa - **(const long *const *) sb;
}
int (*saved_cmp) (const void *, const void *);

static __attribute__ ((noinline)) int direct (const void *da, const void *db)
{
  return **(const long *const *) da - **(const long *const *) db;
}

int exported_cmp (const void *ea, const void *eb)
{
  return **(const long *const *) ea - **(const long *const *) eb;
}

void own_sort (void *, size_t, size_t, int (*) (const void *, const void *));
static int to_own (const void *oa, const void *ob)
{
  return **(const long *const *) oa - **(const long *const *) ob;
}

const void *last;
static int keeper (const void *kept, const void *other)
{
  last = kept;                  /* stored: must stay a handle */
  return **(const long *const *) kept - **(const long *const *) other;
}

static __attribute__ ((noinline)) int searched (const void *key, const void *elem)
{
  return *(const long *) key - (*(struct rec *const *) elem)->key;
}

long drive (struct rec **v, size_t n, long *key)
{
  long calls = 0;
  qsort (v, n, sizeof *v, by_key);
  qsort_r (v, n, sizeof *v, by_key_r, &calls);
  qsort (v, n, sizeof *v, stored);
  saved_cmp = stored;
  qsort (v, n, sizeof *v, direct);
  calls += direct (&v[0], &v[1]);
  qsort (v, n, sizeof *v, exported_cmp);
  own_sort (v, n, sizeof *v, to_own);
  qsort (v, n, sizeof *v, keeper);
  struct rec **hit = bsearch (key, v, n, sizeof *v, searched);
  return calls + (hit ? (*hit)->key : 0);
}

/* { dg-final { scan-alaska-dump-times "^alaska: parameter (ka|kb|ra|rb|other) arrives translated$" 5 } } */
/* { dg-final { scan-alaska-dump-not "^alaska: parameter (cookie|sa|sb|da|db|ea|eb|oa|ob|kept|key) arrives" } } */
/* by_key reads the two elements only; stored still translates the pointers to them too. */
/* { dg-final { scan-alaska-dump-times "^alaska: by_key: 2 translations " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: by_key_r: 3 translations " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: stored: 4 translations " 1 } } */
