/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench/kernels/list.c: singly linked list traversal.  Builds a list of N
   heap nodes linked in a shuffled order (so traversal chases pointers all
   over the heap), traverses it repeatedly, then deletes every third node
   and traverses again.  Usage: list [N [PASSES]]; prints a checksum.  */
#include <stdio.h>
#include <stdlib.h>

struct node
{
  struct node *next;
  long value;
  char pad[16];
};

static unsigned long long rng = 88172645463325252ULL;
static unsigned long long next_rand (void)
{
  rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
  return rng;
}

int main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  int passes = argc > 2 ? atoi (argv[2]) : 40;
  struct node **nodes = malloc (n * sizeof *nodes);
  for (long i = 0; i < n; i++)
    {
      nodes[i] = malloc (sizeof (struct node));
      nodes[i]->value = (long) (next_rand () % 1000);
    }
  for (long i = n - 1; i > 0; i--)
    {
      long j = (long) (next_rand () % (unsigned long long) (i + 1));
      struct node *t = nodes[i]; nodes[i] = nodes[j]; nodes[j] = t;
    }
  for (long i = 0; i < n - 1; i++)
    nodes[i]->next = nodes[i + 1];
  nodes[n - 1]->next = NULL;
  struct node *head = nodes[0];
  free (nodes);

  unsigned long long sum = 0;
  for (int p = 0; p < passes; p++)
    for (struct node *q = head; q; q = q->next)
      sum = sum * 3 + (unsigned long long) q->value;

  /* Unlink and free every third node.  */
  long k = 0;
  for (struct node *q = head; q && q->next; q = q->next)
    if (++k % 3 == 0)
      {
        struct node *dead = q->next;
        q->next = dead->next;
        free (dead);
      }
  long len = 0;
  for (struct node *q = head; q; q = q->next)
    sum += (unsigned long long) q->value * (unsigned long long) ++len;
  printf ("checksum %llu length %ld\n", sum, len);
  while (head)
    {
      struct node *t = head->next;
      free (head);
      head = t;
    }
  return 0;
}
