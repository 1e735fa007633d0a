/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Pointers derived from a heap array's handle: a chain walk by relative
   links (rebuilt on the delta, translate (root) - root), a walk down from
   one past the end, and element addresses (rebuilt on the root's
   offsets).  Under ALASKA_STRESS the array moves at every barrier. */
/* { dg-do run } */
/* { dg-output "^chain 45 hops 9 down 4950 pairs 9801\n$" } */
#include <stdio.h>
#include <stdlib.h>

struct node { long key; int next; };

__attribute__((noinline)) static long
walk (struct node *nodes, long h, long *hops)
{
  long sum = 0;
  struct node *n = nodes + h;
  for (*hops = 0; n->next; (*hops)++)
    {
      sum += n->key;
      n += n->next;
    }
  return sum + n->key;
}

__attribute__((noinline)) static long
down (long *a, long n)
{
  long s = 0;
  for (long *p = a + n; p-- != a;)
    s += *p;
  return s;
}

__attribute__((noinline)) static long
pairs (long *a, long n)
{
  long s = 0;
  for (long i = 0; i + 1 < n; i++)
    s += a[i] + a[i + 1];
  return s;
}

int main (void)
{
  struct node *nodes = malloc (10 * sizeof *nodes);
  for (int i = 0; i < 10; i++)
    {
      nodes[i].key = i;
      nodes[i].next = i < 9 ? 1 : 0;
    }
  long *a = malloc (100 * sizeof *a);
  for (long i = 0; i < 100; i++)
    a[i] = i;
  long hops;
  long c = walk (nodes, 0, &hops);
  printf ("chain %ld hops %ld down %ld pairs %ld\n", c, hops, down (a, 100), pairs (a, 100));
  free (nodes);
  free (a);
  return 0;
}
