/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Compiled without the plugin (no safepoints, so a barrier can stop this
   thread only with its signal, which it blocks): the thread of
   signal-during-barrier.c that holds a barrier until the reader, stopped
   in it, has been sent SIGUSR1.  */
#define _GNU_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "blocked.h"
#include "signal-sender.h"

void *signal_sender (void *arg)
{
  struct signal_sender *s = arg;
  sigset_t set;
  sigemptyset (&set);
  sigaddset (&set, SIGRTMAX - 2);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  if (write (s->ready_fd, "g", 1) != 1)   /* the barrier may start */
    abort ();
  while (!in_syscall (s->tid, SYS_futex))  /* stopped in the barrier */
    usleep (1000);
  pthread_kill (s->thread, SIGUSR1);
  pthread_sigmask (SIG_UNBLOCK, &set, NULL);
  return NULL;
}
