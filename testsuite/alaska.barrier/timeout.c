/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A barrier that cannot stop every thread (this one blocks the runtime's
   signal and sleeps in libc) gives up after ALASKA_BARRIER_TIMEOUT ms,
   says so, moves nothing, and the program goes on. */
/* { dg-do run } */
/* { dg-env "ALASKA_BARRIER_TIMEOUT=100" } */
/* { dg-output "^alaska: warning: barrier 1 gave up after 100 ms: 1 thread\\(s\\) did not reach a safepoint; nothing was moved\nresult -1 moved 0\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *sleeper (void *arg)
{
  (void) arg;
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGRTMAX - 2);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  sleep (1);
  return NULL;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s = strdup ("x");
  void *before = alaska_translate (s);
  pthread_t t;
  pthread_create (&t, NULL, sleeper, NULL);
  usleep (100000);
  int r = alaska_barrier ();
  printf ("result %d moved %d\n", r, alaska_translate (s) != before);
  pthread_join (t, NULL);
  return 0;
}
