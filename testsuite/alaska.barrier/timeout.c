/* A barrier that cannot stop every thread (this one blocks the runtime's
   signal and waits in libc until the barrier is over) gives up after
   ALASKA_BARRIER_TIMEOUT ms, says so, moves nothing, and the program goes
   on.  Pipes order the steps: no timing. */
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

static int ready[2], go[2];

static void *blocker (void *arg)
{
  (void) arg;
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGRTMAX - 2);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  char c = 'r';
  if (write (ready[1], &c, 1) != 1 || read (go[0], &c, 1) != 1)
    abort ();
  return NULL;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  if (pipe (ready) || pipe (go))
    return 1;
  char *s = strdup ("x");
  void *before = alaska_translate (s);
  pthread_t t;
  pthread_create (&t, NULL, blocker, NULL);
  char c;
  if (read (ready[0], &c, 1) != 1)
    return 1;
  int r = alaska_barrier ();
  printf ("result %d moved %d\n", r, alaska_translate (s) != before);
  if (write (go[1], &c, 1) != 1)
    return 1;
  pthread_join (t, NULL);
  return 0;
}
