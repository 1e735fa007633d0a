/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under ALASKA_STRESS=1, barriers stop comparison functions that qsort,
   qsort_r and bsearch call with raw pointers into the heap array they were
   given translated (raw-params.cc).  The array must stay in place for the
   whole sort, pinned by the caller, while the records its elements point
   to move; a comparison reading an element through a stale pointer would
   read the poisoned old copy and sort wrongly, and the malloc service
   stops a program that writes to one (the qsort_r cookie counts calls). */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^sorted 1 1\nfound 500 0\nchecksum 1642157454\n" } */
/* { dg-output ".*\nalaska: barriers \[1-9\]\\d*\nalaska: barriers_failed 0\n" } */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

enum { N = 2000, ROUNDS = 500 };

struct rec { unsigned key; unsigned id; char pad[40]; };

static int order (const struct rec *x, const struct rec *y)
{
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

static int by_key (const void *a, const void *b)
{
  return order (*(struct rec *const *) a, *(struct rec *const *) b);
}

static int by_key_desc (const void *a, const void *b, void *calls)
{
  ++*(unsigned long *) calls;
  return order (*(struct rec *const *) b, *(struct rec *const *) a);
}

static int find_key (const void *key, const void *elem)
{
  unsigned k = *(const unsigned *) key, e = (*(struct rec *const *) elem)->key;
  return (k > e) - (k < e);
}

int main (void)
{
  struct rec **v = malloc (N * sizeof *v);
  unsigned seed = 12345, checksum = 0;
  for (int i = 0; i < N; i++)
    {
      v[i] = malloc (sizeof **v);
      v[i]->id = i;
    }
  int up = 1, down = 1, found = 0, missed = 0;
  unsigned long calls = 0;
  for (int r = 0; r < ROUNDS; r++)
    {
      for (int i = 0; i < N; i++)
        {
          seed = seed * 1103515245 + 12345;
          v[i]->key = (seed >> 8) % 100000 * 2;         /* even keys */
        }
      qsort (v, N, sizeof *v, by_key);
      for (int i = 1; i < N; i++)
        up &= order (v[i - 1], v[i]) < 0;
      unsigned *key = malloc (sizeof *key);
      *key = v[r % N]->key;
      found += bsearch (key, v, N, sizeof *v, find_key) != NULL;
      *key += 1;                                        /* odd: absent */
      missed += bsearch (key, v, N, sizeof *v, find_key) != NULL;
      free (key);
      qsort_r (v, N, sizeof *v, by_key_desc, &calls);
      for (int i = 1; i < N; i++)
        down &= order (v[i - 1], v[i]) > 0;
      for (int i = 0; i < N; i += 37)
        checksum = checksum * 31 + v[i]->id;
    }
  printf ("sorted %d %d\nfound %d %d\nchecksum %u\n", up, down, found, missed, checksum);
  fflush (stdout);               /* before the statistics, printed at exit */
  for (int i = 0; i < N; i++)
    free (v[i]);
  free (v);
  return calls == 0;
}
