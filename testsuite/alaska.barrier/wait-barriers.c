/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Barriers do not cut waits for file descriptors short: poll, ppoll,
   select, pselect, epoll_wait and epoll_pwait fail with EINTR whenever a
   signal handler runs, so libalaska's versions wait again when only the
   barrier's signal came.  A thread waits without a timeout for a pipe
   while the main thread runs three barriers (once /proc shows it waiting),
   then writes a byte: every wait must return 1.  Waits with a timeout and
   nothing to read, while barriers run all the time, must time out (0;
   select leaves no time in its timeval).  The program's own signal still
   ends a wait with EINTR.  */
/* { dg-do run } */
/* { dg-output "^poll 1\nppoll 1\nselect 1\npselect 1\nepoll_wait 1\nepoll_pwait 1\ntimeout poll 0\ntimeout select 0 left 0\ntimeout epoll_wait 0\nsignal -1 EINTR\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "units/blocked.h"

enum { POLL, PPOLL, SELECT, PSELECT, EPOLL_WAIT, EPOLL_PWAIT,
       T_POLL, T_SELECT, T_EPOLL_WAIT, SIGNAL, KINDS };
static const char *const names[KINDS] = {
  "poll", "ppoll", "select", "pselect", "epoll_wait", "epoll_pwait",
  "timeout poll", "timeout select", "timeout epoll_wait", "signal"
};

static int fds[2], ep;
static volatile pid_t waiter_tid;
static volatile int finished = -1;   /* the last kind the waiter finished */
static char report[KINDS][64];

static int wait_once (int kind)
{
  struct pollfd p = { .fd = fds[0], .events = POLLIN };
  struct epoll_event ev;
  fd_set set;
  FD_ZERO (&set);
  FD_SET (fds[0], &set);
  struct timeval tv = { 0, 300000 };
  switch (kind)
    {
    case POLL: case SIGNAL: return poll (&p, 1, -1);
    case PPOLL: return ppoll (&p, 1, NULL, NULL);
    case SELECT: return select (fds[0] + 1, &set, NULL, NULL, NULL);
    case PSELECT: return pselect (fds[0] + 1, &set, NULL, NULL, NULL, NULL);
    case EPOLL_WAIT: return epoll_wait (ep, &ev, 1, -1);
    case EPOLL_PWAIT: return epoll_pwait (ep, &ev, 1, -1, NULL);
    case T_POLL: return poll (&p, 1, 300);
    case T_EPOLL_WAIT: return epoll_wait (ep, &ev, 1, 300);
    case T_SELECT:
      {
        int r = select (fds[0] + 1, &set, NULL, NULL, &tv);
        snprintf (report[kind], sizeof report[kind], "%s %d left %ld",
                  names[kind], r, tv.tv_sec * 1000000 + tv.tv_usec);
        return r;
      }
    }
  abort ();
}

static void *waiter (void *arg)
{
  (void) arg;
  waiter_tid = gettid ();
  for (int k = 0; k < KINDS; k++)
    {
      int r = wait_once (k);
      if (k == SIGNAL)
        snprintf (report[k], sizeof report[k], "%s %d %s", names[k], r,
                  r < 0 && errno == EINTR ? "EINTR" : strerror (errno));
      else if (k != T_SELECT)
        snprintf (report[k], sizeof report[k], "%s %d", names[k], r);
      char c;
      if (r == 1 && read (fds[0], &c, 1) != 1)
        abort ();
      __atomic_store_n (&finished, k, __ATOMIC_RELEASE);
    }
  return NULL;
}

static int waiting (void)
{
  static const int waits[] = { SYS_poll, SYS_ppoll, SYS_select, SYS_pselect6,
                               SYS_epoll_wait, SYS_epoll_pwait };
  for (unsigned i = 0; i < sizeof waits / sizeof waits[0]; i++)
    if (in_syscall (waiter_tid, waits[i]))
      return 1;
  return 0;
}

static void on_usr1 (int sig)
{
  (void) sig;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  signal (SIGUSR1, on_usr1);
  if (pipe (fds))
    return 1;
  ep = epoll_create1 (0);
  struct epoll_event ev = { .events = EPOLLIN, .data.fd = fds[0] };
  if (ep < 0 || epoll_ctl (ep, EPOLL_CTL_ADD, fds[0], &ev))
    return 1;
  char *moving = strdup ("an object the barriers move");
  pthread_t t;
  pthread_create (&t, NULL, waiter, NULL);
  for (int k = 0; k < KINDS; k++)
    {
      while (!waiter_tid || !waiting ())
        usleep (1000);
      if (k == SIGNAL)
        pthread_kill (t, SIGUSR1);
      else if (k >= T_POLL)
        while (__atomic_load_n (&finished, __ATOMIC_ACQUIRE) < k)
          alaska_barrier ();
      else
        {
          for (int i = 0; i < 3; i++)
            alaska_barrier ();
          if (write (fds[1], "w", 1) != 1)
            return 1;
        }
      while (__atomic_load_n (&finished, __ATOMIC_ACQUIRE) < k)
        usleep (1000);
      printf ("%s\n", report[k]);
    }
  pthread_join (t, NULL);
  return strcmp (moving, "an object the barriers move") != 0;
}
