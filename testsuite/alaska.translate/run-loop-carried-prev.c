/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A pointer carried around a loop by a PHI (prev = the previous
   iteration's he) is not derived from the current he: its accesses get a
   translation of their own (Redis dict.c dictGenericDelete: prevHe->next =
   he->next crashed). */
/* { dg-do run } */
/* { dg-output "^ok 1 3 4\n$" } */
#include <stdio.h>
#include <stdlib.h>

struct ent { struct ent *next; int key; };

__attribute__((noinline)) static struct ent *
unlink_key (struct ent **head, int key)
{
  struct ent *he = *head, *prev = NULL;
  while (he)
    {
      if (he->key == key)
        {
          if (prev)
            prev->next = he->next;
          else
            *head = he->next;
          return he;
        }
      prev = he;
      he = he->next;
    }
  return NULL;
}

int main (void)
{
  struct ent **head = malloc (sizeof *head);
  *head = NULL;
  for (int k = 4; k >= 1; k--)
    {
      struct ent *e = malloc (sizeof *e);
      e->key = k;
      e->next = *head;
      *head = e;
    }
  free (unlink_key (head, 2));
  printf ("ok");
  for (struct ent *e = *head; e; e = e->next)
    printf (" %d", e->key);
  printf ("\n");
  return 0;
}
