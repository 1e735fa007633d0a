/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench/kernels/hashtable.c: chained hash table with heap string keys, as
   in word counting.  Counts N pseudo-random words from a vocabulary, growing
   the bucket array by rehashing, then removes the rare words.
   Usage: hashtable [N]; prints a checksum.  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct entry
{
  struct entry *next;
  char *key;
  unsigned long hash;
  long count;
};

struct table
{
  struct entry **buckets;
  unsigned long nbuckets, size;
};

static unsigned long hash_string (const char *s)
{
  unsigned long h = 14695981039346656037UL;
  for (; *s; s++)
    h = (h ^ (unsigned char) *s) * 1099511628211UL;
  return h;
}

static void grow (struct table *t)
{
  unsigned long nb = t->nbuckets * 2;
  struct entry **b = calloc (nb, sizeof *b);
  for (unsigned long i = 0; i < t->nbuckets; i++)
    for (struct entry *e = t->buckets[i], *next; e; e = next)
      {
        next = e->next;
        e->next = b[e->hash & (nb - 1)];
        b[e->hash & (nb - 1)] = e;
      }
  free (t->buckets);
  t->buckets = b;
  t->nbuckets = nb;
}

static void add (struct table *t, const char *word)
{
  unsigned long h = hash_string (word);
  for (struct entry *e = t->buckets[h & (t->nbuckets - 1)]; e; e = e->next)
    if (e->hash == h && strcmp (e->key, word) == 0)
      {
        e->count++;
        return;
      }
  struct entry *e = malloc (sizeof *e);
  e->key = strdup (word);
  e->hash = h;
  e->count = 1;
  e->next = t->buckets[h & (t->nbuckets - 1)];
  t->buckets[h & (t->nbuckets - 1)] = e;
  if (++t->size > t->nbuckets)
    grow (t);
}

static unsigned long long rng = 0x2545F4914F6CDD1DULL;
static unsigned long long next_rand (void)
{
  rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
  return rng * 2685821657736338717ULL;
}

int main (int argc, char **argv)
{
  long n = argc > 1 ? atol (argv[1]) : 3000000;
  struct table t = { calloc (16, sizeof (struct entry *)), 16, 0 };
  char word[32];
  for (long i = 0; i < n; i++)
    {
      /* Skewed: small numbers are frequent.  */
      unsigned long r = next_rand ();
      unsigned long v = (r >> 8) % (1UL << (4 + (r & 15)));
      snprintf (word, sizeof word, "w%lx-%lu", v, v % 7);
      add (&t, word);
    }
  unsigned long long sum = 0;
  long removed = 0;
  for (unsigned long i = 0; i < t.nbuckets; i++)
    {
      struct entry **p = &t.buckets[i];
      while (*p)
        {
          struct entry *e = *p;
          sum += (unsigned long long) e->count * (e->hash >> 40) + strlen (e->key);
          if (e->count == 1)
            {
              *p = e->next;
              free (e->key);
              free (e);
              removed++;
            }
          else
            p = &e->next;
        }
    }
  printf ("checksum %llu entries %lu removed %ld\n", sum, t.size, removed);
  return 0;
}
