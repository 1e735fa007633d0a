/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under ALASKA_STRESS=1 a barrier runs every millisecond and moves every
   object not pinned: lists, arrays of pointers, strings and realloc'd
   buffers keep their contents, checked after every round. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^ok 300 rounds\n" } */
/* { dg-output ".*\nalaska: barriers \[1-9\]\\d*\nalaska: barriers_failed 0\n" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct node { long v; char *name; struct node *next; };

static double now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct node *head = NULL;
  long *sums = NULL;
  long expect = 0;
  int rounds = 0;
  double start = now ();
  for (; rounds < 300; rounds++)
    {
      for (int i = 0; i < 50; i++)
        {
          struct node *x = malloc (sizeof *x);
          char buf[32];
          x->v = rounds * 100 + i;
          snprintf (buf, sizeof buf, "n%ld", x->v);
          x->name = strdup (buf);
          x->next = head;
          head = x;
          expect += x->v;
        }
      /* Drop every third node. */
      for (struct node **pp = &head; *pp; )
        if ((*pp)->v % 3 == 0)
          {
            struct node *dead = *pp;
            *pp = dead->next;
            expect -= dead->v;
            free (dead->name);
            free (dead);
          }
        else
          pp = &(*pp)->next;
      sums = realloc (sums, (rounds + 1) * sizeof *sums);
      long s = 0;
      for (struct node *p = head; p; p = p->next)
        {
          char buf[32];
          snprintf (buf, sizeof buf, "n%ld", p->v);
          if (strcmp (buf, p->name) != 0)
            {
              printf ("corrupt name %s for %ld in round %d\n", p->name, p->v, rounds);
              return 1;
            }
          s += p->v;
        }
      sums[rounds] = s;
      if (s != expect)
        {
          printf ("sum %ld, expected %ld in round %d\n", s, expect, rounds);
          return 1;
        }
      for (int r = 0; r <= rounds; r++)
        if (r > 0 && sums[r] < sums[r - 1])
          {
            printf ("sums out of order at %d\n", r);
            return 1;
          }
      /* Let a few barriers happen. */
      while (now () - start < rounds * 0.002)
        ;
    }
  printf ("ok %d rounds\n", rounds);
  return 0;
}
