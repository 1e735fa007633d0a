/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench/kernels/bintree.c: unbalanced binary search tree of heap nodes.
   Inserts N pseudo-random keys, looks up N keys, deletes half of them and
   walks the tree recursively.  Usage: bintree [N]; prints a checksum.  */
#include <stdio.h>
#include <stdlib.h>

struct tree
{
  struct tree *left, *right;
  unsigned long key;
  unsigned long count;
};

static unsigned long long rng = 0x9E3779B97F4A7C15ULL;
static unsigned long next_key (void)
{
  rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
  return (unsigned long) (rng >> 33);
}

static struct tree *insert (struct tree *t, unsigned long key)
{
  struct tree **p = &t;
  while (*p)
    {
      if (key == (*p)->key)
        {
          (*p)->count++;
          return t;
        }
      p = key < (*p)->key ? &(*p)->left : &(*p)->right;
    }
  *p = malloc (sizeof **p);
  (*p)->left = (*p)->right = NULL;
  (*p)->key = key;
  (*p)->count = 1;
  return t;
}

static struct tree *lookup (struct tree *t, unsigned long key)
{
  while (t && t->key != key)
    t = key < t->key ? t->left : t->right;
  return t;
}

static struct tree *delete (struct tree *t, unsigned long key)
{
  struct tree **p = &t;
  while (*p && (*p)->key != key)
    p = key < (*p)->key ? &(*p)->left : &(*p)->right;
  struct tree *d = *p;
  if (!d)
    return t;
  if (!d->left)
    *p = d->right;
  else if (!d->right)
    *p = d->left;
  else
    {
      /* Replace by the leftmost node of the right subtree.  */
      struct tree **s = &d->right;
      while ((*s)->left)
        s = &(*s)->left;
      struct tree *m = *s;
      *s = m->right;
      m->left = d->left;
      m->right = d->right;
      *p = m;
    }
  free (d);
  return t;
}

static unsigned long long walk (struct tree *t, int depth)
{
  if (!t)
    return 0;
  return walk (t->left, depth + 1) * 7 + t->key * t->count + (unsigned) depth
         + walk (t->right, depth + 1);
}

static void destroy (struct tree *t)
{
  if (!t)
    return;
  destroy (t->left);
  destroy (t->right);
  free (t);
}

int main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 1000000;
  struct tree *root = NULL;
  unsigned long long saved = rng;
  for (long i = 0; i < n; i++)
    root = insert (root, next_key () % (unsigned long) (n * 4));
  unsigned long long found = 0;
  for (long i = 0; i < n; i++)
    {
      struct tree *t = lookup (root, next_key () % (unsigned long) (n * 4));
      if (t)
        found += t->count;
    }
  rng = saved;
  for (long i = 0; i < n; i += 2)
    {
      root = delete (root, next_key () % (unsigned long) (n * 4));
      next_key ();
    }
  unsigned long long sum = walk (root, 0);
  printf ("checksum %llu found %llu\n", sum, found);
  destroy (root);
  return 0;
}
