/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Eight threads share linked structures -- a list per thread, and one
   shared list behind a mutex -- while a barrier runs every millisecond:
   each thread checks every node's checksum, all the time. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" "ALASKA_STATS=1" "ALASKA_TEST_SECONDS=2" } */
/* { dg-timeout 120 } */
/* { dg-output "^threads 8 errors 0\n" } */
/* { dg-output ".*\nalaska: barriers \[1-9\]\\d*\nalaska: barriers_failed 0\n" } */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define THREADS 8

struct node { unsigned id, check; struct node *next; char data[24]; };

static struct node *shared;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static double seconds = 2;
static int errors;

static unsigned checksum (const struct node *n)
{
  unsigned c = n->id * 2654435761u;
  for (int i = 0; i < 24; i++)
    c = c * 31 + (unsigned char) n->data[i];
  return c;
}

static struct node *make (unsigned id)
{
  struct node *n = malloc (sizeof *n);
  n->id = id;
  for (int i = 0; i < 24; i++)
    n->data[i] = (char) (id + i);
  n->check = checksum (n);
  n->next = NULL;
  return n;
}

static double now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void *work (void *arg)
{
  unsigned me = (unsigned) (long) arg, next = me << 20;
  struct node *mine = NULL;
  int len = 0, bad = 0;
  double end = now () + seconds;
  while (now () < end)
    {
      struct node *n = make (next++);
      n->next = mine;
      mine = n;
      if (++len > 200)
        {
          /* Free the oldest half. */
          struct node *p = mine;
          for (int i = 0; i < 100; i++)
            p = p->next;
          struct node *rest = p->next;
          p->next = NULL;
          while (rest)
            {
              struct node *d = rest;
              rest = rest->next;
              free (d);
              len--;
            }
        }
      for (struct node *p = mine; p; p = p->next)
        bad += checksum (p) != p->check;
      pthread_mutex_lock (&lock);
      struct node *s = make (next++);
      s->next = shared;
      shared = s;
      int count = 0;
      for (struct node **pp = &shared; *pp; )
        {
          bad += checksum (*pp) != (*pp)->check;
          if (++count > 400)
            {
              struct node *d = *pp;
              *pp = d->next;
              free (d);
            }
          else
            pp = &(*pp)->next;
        }
      pthread_mutex_unlock (&lock);
    }
  while (mine)
    {
      struct node *d = mine;
      mine = mine->next;
      free (d);
    }
  __atomic_add_fetch (&errors, bad, __ATOMIC_RELAXED);
  return NULL;
}

int main (void)
{
  const char *s = getenv ("ALASKA_TEST_SECONDS");
  if (s)
    seconds = atof (s);
  pthread_t t[THREADS];
  for (long i = 0; i < THREADS; i++)
    pthread_create (&t[i], NULL, work, (void *) i);
  for (int i = 0; i < THREADS; i++)
    pthread_join (t[i], NULL);
  printf ("threads %d errors %d\n", THREADS, errors);
  fflush (stdout);
  return errors != 0;
}
