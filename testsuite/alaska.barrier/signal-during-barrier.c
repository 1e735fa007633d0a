/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A signal of the program's that comes while a thread is stopped in a
   barrier still cuts short the system call the barrier interrupted, when
   its handler has no SA_RESTART: the barrier's signal restarts the call
   (SA_RESTART), but without the barrier the program's signal would have
   made it fail with EINTR -- memcached's test harness (timedrun) waits in
   waitpid for the SIGINT it forwards.  A reader blocks in read on a pipe;
   a barrier stops it; another thread (units/signal-sender.c), which
   blocks the barrier's signal and so holds the barrier, sends SIGUSR1 to the stopped reader (/proc
   shows it waiting in the barrier's futex), then lets the barrier
   complete.  The read must fail with EINTR after the handler ran, not
   go on to read the byte written after the barrier.  */
/* { dg-do run } */
/* { dg-plain-sources "units/signal-sender.c" } */
/* { dg-output "^barrier done\nread -1 EINTR handler 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "units/blocked.h"
#include "units/signal-sender.h"

static int data[2], gate[2];
static volatile pid_t reader_tid;
static volatile sig_atomic_t handled;
static char report[64];

static void on_usr1 (int sig)
{
  (void) sig;
  handled = 1;
}

static void *reader (void *arg)
{
  (void) arg;
  reader_tid = gettid ();
  char c;
  ssize_t r = read (data[0], &c, 1);
  snprintf (report, sizeof report, "read %zd %s handler %d", r,
            r < 0 && errno == EINTR ? "EINTR" : r < 0 ? strerror (errno) : "data",
            (int) handled);
  return NULL;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_usr1;              /* no SA_RESTART */
  sigaction (SIGUSR1, &sa, NULL);
  if (pipe (data) || pipe (gate))
    return 1;
  char *moving = strdup ("an object the barrier moves");
  pthread_t r, s;
  pthread_create (&r, NULL, reader, NULL);
  while (!reader_tid || !in_read (reader_tid, data[0]))
    usleep (1000);
  struct signal_sender to_reader = { r, reader_tid, gate[1] };
  pthread_create (&s, NULL, signal_sender, &to_reader);
  char c;
  if (read (gate[0], &c, 1) != 1)
    return 1;
  alaska_barrier ();
  printf ("barrier done\n");
  pthread_join (s, NULL);
  if (write (data[1], "d", 1) != 1)     /* a restarted read takes it */
    return 1;
  pthread_join (r, NULL);
  printf ("%s\n", report);
  return strcmp (moving, "an object the barrier moves") != 0;
}
