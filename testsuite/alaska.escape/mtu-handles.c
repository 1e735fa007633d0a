/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Separate compilation: handles cross translation units in both directions
   (records allocated in units/store.c, name vectors allocated here),
   pointers into objects come back from the other unit, the other unit
   hands our handles to qsort, and calls our callback with its handles.  No
   link-check warning: every assumed function is defined by an
   instrumented object. */
/* { dg-do run } */
/* { dg-additional-sources "units/store.c" } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^find 1 1 carol\nname 1 4 carol\nsorted alice bob carol dave\nsum 100\nprintf alice\n" } */
/* { dg-output "alaska: service anchorage\nalaska: handles_allocated 9\nalaska: handles_freed 9\nalaska: handles_live 0\n" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "units/store.h"

static int weight (const struct record *r)
{
  return r->id * 10;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  const char *names[] = { "dave", "alice", "carol", "bob" };
  struct record *head = NULL;
  for (int i = 0; i < 4; i++)
    head = store_add (head, i + 1, names[i]);

  struct record *r = store_find (head, 3);
  printf ("find %d %d %s\n", alaska_is_handle (r), r->id == 3, r->name);
  char *n = store_name_of (r);
  printf ("name %d %ld %s\n", alaska_is_handle (n), (long) (n - (char *) r), n);

  char **v = malloc (4 * sizeof *v);
  int i = 0;
  for (struct record *p = head; p; p = p->next)
    v[i++] = strdup (p->name);
  store_sort_names (v, 4);
  printf ("sorted %s %s %s %s\n", v[0], v[1], v[2], v[3]);
  printf ("sum %d\n", store_sum_ids (head, weight));
  printf ("printf %s\n", v[0]);
  for (i = 0; i < 4; i++)
    free (v[i]);
  free (v);
  store_free (head);
  return 0;
}
