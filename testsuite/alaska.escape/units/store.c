/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/store.c: the other translation unit of the mtu-*.c tests: it
   allocates (handles), dereferences handles made in the main unit, and
   passes them on to libc. */
#include <stdlib.h>
#include <string.h>
#include "store.h"

struct record *store_add (struct record *head, int id, const char *name)
{
  struct record *r = malloc (sizeof *r);
  r->id = id;
  strncpy (r->name, name, sizeof r->name - 1);
  r->name[sizeof r->name - 1] = 0;
  r->next = head;
  return r;
}

struct record *store_find (struct record *head, int id)
{
  for (struct record *r = head; r; r = r->next)
    if (r->id == id)
      return r;
  return NULL;
}

char *store_name_of (struct record *r)
{
  return r->name;
}

static int cmp (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

void store_sort_names (char **names, int n)
{
  qsort (names, n, sizeof *names, cmp);
}

int store_sum_ids (struct record *head, int (*f) (const struct record *))
{
  int s = 0;
  for (struct record *r = head; r; r = r->next)
    s += f (r);
  return s;
}

void store_free (struct record *head)
{
  while (head)
    {
      struct record *next = head->next;
      free (head);
      head = next;
    }
}
