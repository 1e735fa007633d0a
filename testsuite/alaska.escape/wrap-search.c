/* SPDX-License-Identifier: GPL-3.0-or-later */
/* <search.h>'s hash table and queues hold the program's pointers
   (libalaska's wrappers-search.c).  hsearch and hsearch_r enter strdup'd
   keys with malloc'd data, and find them again with other strdup'd keys
   after barriers have moved every unpinned object: the table compares
   with the entered keys (kept in place) and hands back the data as the
   handles they were.  insque and remque link and unlink malloc'd elements
   through their handles, which stay handles in the list. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^hsearch: one 1 two 2 three missing 1 again 1 data handles 1 finder moved 1\n" } */
/* { dg-output "hsearch_r: alpha 10 beta 20 gamma missing 1 data handles 1\n" } */
/* { dg-output "queue: a b c handles 1 moved 1\n" } */
/* { dg-output "removed b: a c\n" } */
/* { dg-output "removed a: c back null 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <search.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

static int *number (int n)
{
  int *p = malloc (sizeof *p);
  *p = n;
  return p;
}

/* Find a strdup'd copy of key: its data, or -1. */
static int find (const char *key, struct hsearch_data *htab, int *handle)
{
  ENTRY item = { strdup (key), NULL }, *e = NULL;
  if (htab)
    hsearch_r (item, FIND, &e, htab);
  else
    e = hsearch (item, FIND);
  free (item.key);
  if (!e)
    return -1;
  *handle &= alaska_is_handle (e->data);
  return *(int *) e->data;
}

struct elem {
  struct elem *forw, *back;
  char name[8];
};

static struct elem *elem (const char *name)
{
  struct elem *e = calloc (1, sizeof *e);
  strcpy (e->name, name);
  return e;
}

static void show (const char *what, struct elem *head)
{
  printf ("%s", what);
  for (struct elem *e = head; e; e = e->forw)
    printf (" %s", e->name);
}

int main (void)
{
  hcreate (16);
  const char *names[] = { "one", "two" };
  for (int i = 0; i < 2; i++)
    hsearch ((ENTRY) { strdup (names[i]), number (i + 1) }, ENTER);
  /* Entering a key already there keeps the first one's data. */
  ENTRY *dup = hsearch ((ENTRY) { strdup ("one"), number (99) }, ENTER);
  char *finder = strdup ("two");
  void *before = backing (finder);
  alaska_barrier ();
  int moved = backing (finder) != before;
  int handles = 1;
  int one = find ("one", NULL, &handles), two = find (finder, NULL, &handles);
  printf ("hsearch: one %d two %d three missing %d again %d data handles %d finder moved %d\n",
          one, two, find ("three", NULL, &handles) == -1, *(int *) dup->data, handles, moved);

  struct hsearch_data *htab = calloc (1, sizeof *htab);
  hcreate_r (16, htab);
  ENTRY *e;
  hsearch_r ((ENTRY) { strdup ("alpha"), number (10) }, ENTER, &e, htab);
  hsearch_r ((ENTRY) { strdup ("beta"), number (20) }, ENTER, &e, htab);
  alaska_barrier ();
  handles = 1;
  int alpha = find ("alpha", htab, &handles), beta = find ("beta", htab, &handles);
  printf ("hsearch_r: alpha %d beta %d gamma missing %d data handles %d\n", alpha, beta,
          find ("gamma", htab, &handles) == -1, handles);
  hdestroy_r (htab);

  struct elem *a = elem ("a"), *b = elem ("b"), *c = elem ("c");
  insque (a, NULL);
  insque (c, a);
  insque (b, a);
  before = backing (b);
  alaska_barrier ();
  show ("queue:", a);
  printf (" handles %d moved %d\n", alaska_is_handle (a->forw) && alaska_is_handle (c->back),
          backing (b) != before);
  remque (b);
  show ("removed b:", a);
  printf ("\n");
  remque (a);
  show ("removed a:", c);
  printf (" back null %d\n", c->back == NULL);
  return 0;
}
