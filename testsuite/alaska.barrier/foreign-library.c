/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libalaska's versions of pthread_create and the sleeps also serve
   libraries that were not linked with it.  Such a library refers to
   nanosleep@GLIBC_2.2.5, which only an unversioned definition interposes
   on: with libalaska's exported as nanosleep@ALASKA_0, the library's sleeps
   ended at the first barrier, and a thread it created was never
   registered, so barriers moved objects under the instrumented callback
   it ran (a wrong sum from the poisoned old copies).  */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-plain-library "units/foreign-library-lib.c" } */
/* { dg-output "^nanosleep 0 full yes\nusleep 0 full yes\nthread 0 sums ok 200\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int lib_nanosleep (long ns) __attribute__((alaska_external));
int lib_usleep (unsigned us) __attribute__((alaska_external));
int lib_run_thread (void *(*fn) (void *), void *arg, void **result)
  __attribute__((alaska_external));

struct node { struct node *next; long value; };

static double now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* Run by the library's thread: sums a list while barriers move it.  */
static void *walker (void *arg)
{
  (void) arg;
  struct node *head = NULL;
  long want = 0;
  for (long i = 0; i < 1000; i++)
    {
      struct node *n = malloc (sizeof *n);
      n->value = i * 7;
      n->next = head;
      head = n;
      want += i * 7;
    }
  long ok = 0;
  for (int pass = 0; pass < 200; pass++)
    {
      long sum = 0;
      for (struct node *n = head; n; n = n->next)
        sum += n->value;
      ok += sum == want;
      struct timespec ts = { 0, 500000 };
      nanosleep (&ts, NULL);
    }
  while (head)
    {
      struct node *n = head->next;
      free (head);
      head = n;
    }
  return (void *) ok;
}

int main (void)
{
  double t = now ();
  int r = lib_nanosleep (200000000);
  printf ("nanosleep %d full %s\n", r, now () - t >= 0.2 ? "yes" : "no");
  t = now ();
  r = lib_usleep (200000);
  printf ("usleep %d full %s\n", r, now () - t >= 0.2 ? "yes" : "no");
  void *ok = NULL;
  r = lib_run_thread (walker, NULL, &ok);
  printf ("thread %d sums ok %ld\n", r, (long) ok);
  return 0;
}
