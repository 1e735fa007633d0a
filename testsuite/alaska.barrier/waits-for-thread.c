/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A barrier waits for a thread that does not stop at once, as a busy
   machine may leave a thread unscheduled for a while: this one blocks the
   runtime's signal for 1.5 s, longer than one attempt waits (the barrier
   starts once the thread sleeps, as /proc/self/task/TID/syscall shows).  The barrier
   lets everyone go and tries again until the thread takes the signal,
   then moves the object.  However long the thread takes (up to
   ALASKA_BARRIER_TIMEOUT, 60 s), the result is the same. */
/* { dg-do run } */
/* { dg-output "^result 0 moved 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "units/blocked.h"

static int go[2];
static volatile pid_t slow_tid;

static void *slow (void *arg)
{
  (void) arg;
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGRTMAX - 2);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  slow_tid = gettid ();
  char c;
  struct timespec ts = { 1, 500000000 };
  nanosleep (&ts, NULL);
  pthread_sigmask (SIG_UNBLOCK, &set, NULL);
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
  pthread_create (&t, NULL, slow, NULL);
  while (!slow_tid || !(in_syscall (slow_tid, SYS_clock_nanosleep)
                        || in_syscall (slow_tid, SYS_read)))
    usleep (1000);
  int r = alaska_barrier ();
  printf ("result %d moved %d\n", r, alaska_translate (s) != before);
  if (write (go[1], "g", 1) != 1)
    return 1;
  pthread_join (t, NULL);
  return 0;
}
