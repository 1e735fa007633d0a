/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench/kernels/ptrsort.c: sort an array of pointers to heap objects with
   qsort, the comparison reading through the pointers (like mcf's arc
   sorting: the worst case for handles, as every comparison translates two
   handles).  Usage: ptrsort [N [ROUNDS]]; prints a checksum.  */
#include <stdio.h>
#include <stdlib.h>

struct arc
{
  long cost;
  long id;
  struct arc *partner;
  char pad[8];
};

static int compare (const void *a, const void *b)
{
  const struct arc *x = *(struct arc *const *) a;
  const struct arc *y = *(struct arc *const *) b;
  if (x->cost != y->cost)
    return x->cost < y->cost ? -1 : 1;
  return (x->id > y->id) - (x->id < y->id);
}

static unsigned long long rng = 0xDEADBEEFCAFEF00DULL;
static unsigned long long next_rand (void)
{
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return rng;
}

int main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  int rounds = argc > 2 ? atoi (argv[2]) : 3;
  struct arc **arcs = malloc (n * sizeof *arcs);
  for (long i = 0; i < n; i++)
    {
      arcs[i] = malloc (sizeof (struct arc));
      arcs[i]->id = i;
      arcs[i]->partner = i ? arcs[i - 1] : NULL;
    }
  unsigned long long sum = 0;
  for (int r = 0; r < rounds; r++)
    {
      for (long i = 0; i < n; i++)
        arcs[i]->cost = (long) (next_rand () % 100000);
      qsort (arcs, n, sizeof *arcs, compare);
      for (long i = 0; i < n; i += 97)
        sum = sum * 131 + (unsigned long long) arcs[i]->id
              + (arcs[i]->partner ? (unsigned long long) arcs[i]->partner->cost : 0);
    }
  printf ("checksum %llu\n", sum);
  for (long i = 0; i < n; i++)
    free (arcs[i]);
  free (arcs);
  return 0;
}
