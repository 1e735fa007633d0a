/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A barrier that cannot stop every thread (this one blocks the runtime's
   signal and waits in libc until the barrier is over) gives up after
   ALASKA_BARRIER_TIMEOUT ms, says so, moves nothing, and the program goes
   on.  The barrier starts once the thread is blocked in read, as
   /proc/self/task/TID/syscall shows: no timing. */
/* { dg-do run } */
/* { dg-env "ALASKA_BARRIER_TIMEOUT=100" } */
/* { dg-output "^alaska: warning: barrier 1 gave up after 100 ms: 1 thread\\(s\\) did not reach a safepoint; nothing was moved\nresult -1 moved 0\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "units/blocked.h"

static int go[2];
static volatile pid_t blocker_tid;

static void *blocker (void *arg)
{
  (void) arg;
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGRTMAX - 2);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  blocker_tid = gettid ();
  char c;
  if (read (go[0], &c, 1) != 1)
    abort ();
  return NULL;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  if (pipe (go))
    return 1;
  char *s = strdup ("x");
  void *before = alaska_translate (s);
  pthread_t t;
  pthread_create (&t, NULL, blocker, NULL);
  while (!blocker_tid || !in_read (blocker_tid, go[0]))
    usleep (1000);
  int r = alaska_barrier ();
  printf ("result %d moved %d\n", r, alaska_translate (s) != before);
  if (write (go[1], "g", 1) != 1)
    return 1;
  pthread_join (t, NULL);
  return 0;
}
