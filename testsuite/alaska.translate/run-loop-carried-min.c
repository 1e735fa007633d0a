/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The same for a minimum search: `earliest' keeps a node of an earlier
   iteration (Redis ae.c usUntilEarliestTimer crashed). */
/* { dg-do run } */
/* { dg-output "^min 3\n$" } */
#include <stdio.h>
#include <stdlib.h>

struct ev { long when; struct ev *next; };

__attribute__((noinline)) static long
earliest_when (struct ev *te)
{
  struct ev *earliest = NULL;
  while (te)
    {
      if (!earliest || te->when < earliest->when)
        earliest = te;
      te = te->next;
    }
  return earliest ? earliest->when : -1;
}

int main (void)
{
  static const long w[] = { 7, 3, 9, 5, 8 };
  struct ev *head = NULL;
  for (int i = 4; i >= 0; i--)
    {
      struct ev *e = malloc (sizeof *e);
      e->when = w[i];
      e->next = head;
      head = e;
    }
  long m = earliest_when (head);
  printf ("min %ld\n", m);
  return m != 3;
}
