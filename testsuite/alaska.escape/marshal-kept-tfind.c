/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tfind's root (`void *const *rootp') points to the root node tsearch
   allocated, the C library's memory, and tfind follows only its nodes
   (KEPT_PTRS in tools/libc-behaviour.txt): the root variable, in a
   malloc'd structure, is marshalled as one slot, not checked as an array
   of unknown length.  The keys are strdup'd (COOKIE: the tree keeps them
   as handles, and compar gets them so); after a barrier has moved the
   structure and the keys (ALASKA_SERVICE=malloc), tfind finds each key by
   a copy of it and gives back the node whose key is the same handle. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^moved 1 1: found pear 1 fig 1 plum 1, missing kiwi 1\n" } */
/* { dg-output "deleted fig: found 0, left 2\n$" } */
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

/* Moves every unpinned object; says whether p moved. */
static __attribute__((noipa)) int barrier_moves (const void *p, const void *q, int *q_moved)
{
  void *before = backing (p), *qb = backing (q);
  alaska_barrier ();
  *q_moved = backing (q) != qb;
  return backing (p) != before;
}

static int by_name (const void *a, const void *b)
{
  return strcmp (a, b);
}

struct tree
{
  void *root;
  int n;
};

static const char *names[] = { "pear", "fig", "plum" };

static __attribute__((noipa)) struct tree *build (char **keys)
{
  struct tree *t = calloc (1, sizeof *t);
  for (int i = 0; i < 3; i++) {
    keys[i] = strdup (names[i]);
    tsearch (keys[i], &t->root, by_name);
    t->n++;
  }
  return t;
}

/* Is k, looked up by a copy, found as itself? */
static __attribute__((noipa)) int found (struct tree *t, const char *name, const char *k)
{
  char *copy = strdup (name);
  void **node = tfind (copy, &t->root, by_name);
  free (copy);
  return node && *node == k;
}

int main (void)
{
  char **keys = malloc (3 * sizeof *keys);
  struct tree *t = build (keys);
  int key_moved, moved = barrier_moves (t, keys[0], &key_moved);
  printf ("moved %d %d: found", moved, key_moved);
  for (int i = 0; i < 3; i++)
    printf (" %s %d%s", names[i], found (t, names[i], keys[i]), i < 2 ? "" : ",");
  printf (" missing kiwi %d\n", !found (t, "kiwi", NULL) && tfind ("kiwi", &t->root, by_name) == NULL);
  tdelete (keys[1], &t->root, by_name);
  t->n--;
  printf ("deleted fig: found %d, left %d\n", found (t, "fig", keys[1]), t->n);
  tdestroy (t->root, free);
  free (keys), free (t);
  return 0;
}
