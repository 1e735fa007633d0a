/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The other unit: builds the list of prog-list.c, checks that its nodes
   and names are handles, moves every unpinned object (alaska_barrier, with
   ALASKA_SERVICE=malloc) and reads the list again.  Prints
   "100 nodes, handles: yes, sum 4950, names same after moving: yes". */
#include <alaska.h>
#include <stdio.h>
#include <string.h>
#include "prog-list.h"

int main (void)
{
  struct node *head = list_build (100);
  int n = 0, sum = 0, handles = 1, same = 1;
  for (struct node *nd = head; nd; nd = nd->next)
    handles &= alaska_is_handle (nd) && alaska_is_handle (nd->name);
  alaska_barrier ();
  for (struct node *nd = head; nd; nd = nd->next, n++)
    {
      char want[32];
      snprintf (want, sizeof want, "node-%d", n);
      sum += nd->value;
      same &= strcmp (nd->name, want) == 0;
    }
  printf ("%d nodes, handles: %s, sum %d, names same after moving: %s\n", n,
          handles ? "yes" : "no", sum, same ? "yes" : "no");
  list_free (head);
  return 0;
}
