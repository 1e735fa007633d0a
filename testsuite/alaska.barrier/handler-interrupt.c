/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A barrier that finds an instrumented frame interrupted by a signal away
   from a safepoint -- the program's own handler ran on from there and
   reached a safepoint of its own -- moves nothing: the interrupted frame
   may hold translated pointers that have no pin (pin-sets.cc elides pins
   where nothing can stop the thread).  alaska_barrier () says so with -1.
   Once the handler has returned, barriers complete again.  The worker's
   loop is long straight-line code with one latch safepoint, so a signal
   lands on the safepoint itself about once in two hundred; of three
   tries, at least one must be refused.  */
/* { dg-do run } */
/* { dg-output "^refused yes\nafter 0\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define N 64
static long *obj;
static volatile int in_handler, go, stop, running;

static void on_usr1 (int sig)
{
  (void) sig;
  in_handler = 1;
  while (!go)                   /* a loop: it has a safepoint */
    ;
  in_handler = 0;
}

#define STEP(k) s = s * 31 + obj[k] + obj[(k) + 1];
#define STEP4(k) STEP (k) STEP ((k) + 1) STEP ((k) + 2) STEP ((k) + 3)
#define STEP16(k) STEP4 (k) STEP4 ((k) + 4) STEP4 ((k) + 8) STEP4 ((k) + 12)

static void *worker (void *arg)
{
  long s = 0;
  running = 1;
  while (!stop)
    {
      STEP16 (0) STEP16 (16) STEP16 (32) STEP16 (46)
    }
  return (void *) s;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  obj = malloc ((N + 1) * sizeof *obj);
  for (int i = 0; i <= N; i++)
    obj[i] = i;
  struct sigaction sa = { 0 };
  sa.sa_handler = on_usr1;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGUSR1, &sa, NULL);
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  while (!running)
    usleep (1000);
  int refused = 0;
  for (int i = 0; i < 3; i++)
    {
      go = 0;
      pthread_kill (t, SIGUSR1);
      while (!in_handler)
        usleep (1000);
      refused += alaska_barrier () == -1;
      go = 1;
      while (in_handler)
        usleep (1000);
    }
  printf ("refused %s\n", refused ? "yes" : "no");
  printf ("after %d\n", alaska_barrier ());
  stop = 1;
  pthread_join (t, NULL);
  return 0;
}
