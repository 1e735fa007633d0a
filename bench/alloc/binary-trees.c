/* SPDX-License-Identifier: GPL-3.0-or-later */
/* binary-trees.c: an allocation benchmark.  Builds perfect binary trees of
   16-byte nodes and frees them again: one long-lived tree of depth MAX, and
   for each depth d from 4 to MAX in steps of 2, 2^(MAX - d + 4) short-lived
   trees of depth d, checked by counting their nodes.  Millions of 16-byte
   allocations and frees, with few objects alive at once beside the
   long-lived tree.  Usage: binary-trees [MAX] (default 18); prints one
   line per depth and exits 1 if a count is wrong. */
#include <stdio.h>
#include <stdlib.h>

struct node {
  struct node *left, *right;
};

static struct node *make (int depth)
{
  struct node *n = malloc (sizeof *n);
  if (!n) {
    fprintf (stderr, "binary-trees: out of memory\n");
    exit (2);
  }
  if (depth > 0) {
    n->left = make (depth - 1);
    n->right = make (depth - 1);
  } else {
    n->left = n->right = NULL;
  }
  return n;
}

static long check (const struct node *n)
{
  return n->left ? 1 + check (n->left) + check (n->right) : 1;
}

static void drop (struct node *n)
{
  if (n->left) {
    drop (n->left);
    drop (n->right);
  }
  free (n);
}

int main (int argc, char **argv)
{
  int max = argc > 1 ? atoi (argv[1]) : 18;
  if (max < 4 || max > 26) {
    fprintf (stderr, "binary-trees: depth %s out of range 4..26\n", argc > 1 ? argv[1] : "");
    return 2;
  }
  struct node *stretch = make (max + 1);
  printf ("stretch tree of depth %d\t check: %ld\n", max + 1, check (stretch));
  drop (stretch);
  struct node *longlived = make (max);
  int bad = 0;
  for (int d = 4; d <= max; d += 2) {
    long iterations = 1L << (max - d + 4), total = 0;
    for (long i = 0; i < iterations; i++) {
      struct node *t = make (d);
      total += check (t);
      drop (t);
    }
    bad |= total != iterations * ((2L << d) - 1);
    printf ("%ld\t trees of depth %d\t check: %ld\n", iterations, d, total);
  }
  printf ("long lived tree of depth %d\t check: %ld\n", max, check (longlived));
  drop (longlived);
  return bad;
}
