/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A pointer derived from a translated root is rebuilt on the translation:
   translate (root) + its offsets where it is the root plus offsets, and
   itself + (translate (root) - root) where it went round a PHI (a pointer
   walking a chain), so the loop below keeps one add per step instead of
   recomputing its distance from the root. */
/* { dg-do compile } */
struct node { long key; int next; };

long element (long *p, long i)
{
  return p[i] + p[i + 1];
}

long chain (struct node *nodes, long h, long key)
{
  struct node *n = nodes + h;
  for (;;)
    {
      if (n->key == key)
        return n->key;
      if (n->next == 0)
        return -1;
      n += n->next;
    }
}
/* { dg-final { scan-alaska-dump-fn-times element "^alaska: translate " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times element "^alaska: derive .* by its offsets$" 2 } } */
/* { dg-final { scan-alaska-dump-fn-times element "^alaska: derive .* by the delta$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times chain "^alaska: translate " 1 } } */
/* { dg-final { scan-alaska-dump-fn-times chain "^alaska: translate nodes_\\d+\\(D\\) -> .* loop depth 0" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times chain "^alaska: derive n_\\d+ from nodes_\\d+\\(D\\) by the delta$" 2 } } */
