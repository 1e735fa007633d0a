/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Barriers neither cut sleeps short nor stretch them: the kernel never
   restarts nanosleep and clock_nanosleep after a signal, so libalaska's
   versions of the sleeping functions go back to sleep until the original
   deadline when only the barrier's signal woke them.  Sleeping again for
   the time left would add every pause (the thread waits in the barrier,
   not asleep): about 10% here, with a barrier every half millisecond.
   The program's own signal still ends a sleep with EINTR and the time
   left.  A sleep is on time if one of up to three tries ends within 5%:
   the machine's load can delay a wake-up, but not three in a row by the
   same margin that a stretched sleep adds to every try.  */
/* { dg-do run } */
/* { dg-output "^nanosleep 0 full yes on time yes\nusleep 0 full yes on time yes\nclock_nanosleep 0 full yes on time yes\nsleep 0 full yes on time yes\nbarriers yes\nsignal -1 EINTR left yes\n$" } */
#include <alaska.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile int done;
static char report[6][64];

static double now (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

/* Tries a sleep of `want' seconds (sleep_once) up to three times, until
   one ends on time; every try must have slept at least `want'.  */
static void judge (char *out, const char *what, double want, int (*sleep_once) (void))
{
  int r = 0, full = 1, on_time = 0;
  for (int i = 0; i < 3 && !on_time; i++)
    {
      double t0 = now ();
      r |= sleep_once ();
      double took = now () - t0;
      full &= took >= want;
      on_time = took < want * 1.05;
    }
  snprintf (out, 64, "%s %d full %s on time %s", what, r, full ? "yes" : "no",
            on_time ? "yes" : "no");
}

static const struct timespec fifth = { 0, 200000000 };
static int nanosleep_fifth (void) { return nanosleep (&fifth, NULL); }
static int usleep_fifth (void) { return usleep (200000); }
static int clock_nanosleep_fifth (void)
{
  return clock_nanosleep (CLOCK_MONOTONIC, 0, &fifth, NULL);
}
static int sleep_second (void) { return (int) sleep (1); }

static void on_usr1 (int sig)
{
  (void) sig;
}

static void *sleeper (void *arg)
{
  (void) arg;
  judge (report[0], "nanosleep", 0.2, nanosleep_fifth);
  judge (report[1], "usleep", 0.2, usleep_fifth);
  judge (report[2], "clock_nanosleep", 0.2, clock_nanosleep_fifth);
  judge (report[3], "sleep", 1.0, sleep_second);
  done = 1;
  /* Now the program's own signal: main sends SIGUSR1 in the middle. */
  struct timespec longer = { 5, 0 }, rem = { 0, 0 };
  int r = nanosleep (&longer, &rem);
  snprintf (report[5], 64, "signal %d %s left %s", r,
            r && errno == EINTR ? "EINTR" : strerror (errno),
            rem.tv_sec >= 3 ? "yes" : "no");
  return NULL;
}

int main (void)
{
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;
  sigaction (SIGUSR1, &sa, NULL);
  pthread_t t;
  pthread_create (&t, NULL, sleeper, NULL);
  int barriers = 0, failed = 0;
  while (!done)
    {
      failed += alaska_barrier () != 0;
      barriers++;
      usleep (500);
    }
  snprintf (report[4], 64, "barriers %s", barriers > 100 && !failed ? "yes" : "no");
  usleep (300000);
  pthread_kill (t, SIGUSR1);
  pthread_join (t, NULL);
  for (int i = 0; i < 6; i++)
    printf ("%s\n", report[i]);
  return 0;
}
