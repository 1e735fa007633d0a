/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One unit of the program that distcc.exp and the other build tool tests
   compile: a list of malloc'd nodes holding strdup'd names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prog-list.h"

struct node *list_build (int n)
{
  struct node *head = NULL;
  for (int i = n - 1; i >= 0; i--)
    {
      char name[32];
      snprintf (name, sizeof name, "node-%d", i);
      struct node *nd = malloc (sizeof *nd);
      nd->value = i;
      nd->name = strdup (name);
      nd->next = head;
      head = nd;
    }
  return head;
}

void list_free (struct node *head)
{
  while (head)
    {
      struct node *next = head->next;
      free (head->name);
      free (head);
      head = next;
    }
}
