/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libc calls back into instrumented code with what it was given: qsort,
   bsearch, lfind and lsearch pass pointers into a heap array (raw, into
   the array they were given translated; lfind and lsearch return a
   pointer into it, which must come back as a handle), tsearch/twalk pass
   heap keys, pthread_create passes its heap argument, and a signal
   handler reads the heap through a global pointer. */
/* { dg-do run } */
/* { dg-options "-Wall -pthread" } */
/* { dg-output "^qsort 1 2 3 5 8 13 21\nbsearch 1 4\nlfind 1 0 lsearch 1 7 8 34\ntsearch 1 apple banana cherry \nthread 1 42\nsignal 1 7\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <pthread.h>
#include <search.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct item { int key; char *name; };

static int by_key (const void *a, const void *b)
{
  const struct item *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

static int by_key_only (const void *a, const void *b)
{
  return ((const struct item *) a)->key != ((const struct item *) b)->key;
}

static int by_name (const void *a, const void *b)
{
  const struct item *x = a, *y = b;
  return strcmp (x->name, y->name);
}

static void show (const void *node, VISIT v, int depth)
{
  (void) depth;
  if (v == postorder || v == leaf)
    printf ("%s ", (*(struct item *const *) node)->name);
}

struct job { int in, out; };

static void *worker (void *arg)
{
  struct job *j = arg;
  j->out = j->in * 2;
  return j;
}

static int *volatile signal_data;
static volatile int seen;

static void handler (int sig)
{
  (void) sig;
  seen = *signal_data;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  int keys[] = { 8, 3, 21, 1, 13, 2, 5 };
  struct item *items = malloc (7 * sizeof *items);
  for (int i = 0; i < 7; i++)
    items[i].key = keys[i];
  qsort (items, 7, sizeof *items, by_key);
  printf ("qsort");
  for (int i = 0; i < 7; i++)
    printf (" %d", items[i].key);
  printf ("\n");
  struct item *want = malloc (sizeof *want);
  want->key = 8;
  struct item *found = bsearch (want, items, 7, sizeof *items, by_key);
  printf ("bsearch %d %ld\n", alaska_is_handle (found), (long) (found - items));
  size_t used = 7;
  struct item *seq = malloc (8 * sizeof *seq);
  for (int i = 0; i < 7; i++)
    seq[i].key = keys[i];
  found = lfind (want, seq, &used, sizeof *seq, by_key_only);
  printf ("lfind %d %ld", alaska_is_handle (found), (long) (found - seq));
  want->key = 34;
  found = lsearch (want, seq, &used, sizeof *seq, by_key_only);
  printf (" lsearch %d %ld %zu %d\n", alaska_is_handle (found), (long) (found - seq), used,
          seq[7].key);

  void *root = NULL;
  const char *names[] = { "banana", "cherry", "apple" };
  for (int i = 0; i < 3; i++)
    {
      struct item *it = malloc (sizeof *it);
      it->name = strdup (names[i]);
      tsearch (it, &root, by_name);
    }
  struct item *probe = malloc (sizeof *probe);
  probe->name = strdup ("cherry");
  struct item **hit = tfind (probe, &root, by_name);
  printf ("tsearch %d ", hit && alaska_is_handle (*hit));
  twalk (root, show);
  printf ("\n");

  struct job *job = malloc (sizeof *job);
  job->in = 21;
  pthread_t t;
  void *ret;
  pthread_create (&t, NULL, worker, job);
  pthread_join (t, &ret);
  printf ("thread %d %d\n", ret == job, job->out);

  signal_data = malloc (sizeof (int));
  *signal_data = 7;
  signal (SIGUSR1, handler);
  raise (SIGUSR1);
  printf ("signal %d %d\n", alaska_is_handle (signal_data), seen);
  return 0;
}
