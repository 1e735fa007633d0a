/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Signals sent to the process reach the program's threads, never a thread
   of the runtime's own (here the ALASKA_STRESS thread): SIGUSR1, blocked
   by the program in order to sigwait for it, must wait for sigwait rather
   than kill the process through the runtime's thread (GNU tar's
   --checkpoint-action=wait does this), and the handler of SIGUSR2, blocked
   while it is sent, must run in the main thread once it is unblocked.  */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^sigwait 50 of 50\nhandler in main thread 50 of 50\n$" } */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile pid_t handler_tid;

static void on_usr2 (int sig)
{
  (void) sig;
  handler_tid = (pid_t) syscall (SYS_gettid);
}

int main (void)
{
  sigset_t usr1, usr2, none;
  sigemptyset (&usr1);
  sigaddset (&usr1, SIGUSR1);
  sigemptyset (&usr2);
  sigaddset (&usr2, SIGUSR2);
  sigemptyset (&none);
  signal (SIGUSR2, on_usr2);
  sigprocmask (SIG_BLOCK, &usr1, NULL);
  sigprocmask (SIG_BLOCK, &usr2, NULL);

  int waited = 0, in_main = 0;
  for (int i = 0; i < 50; i++)
    {
      char *p = malloc (64);          /* objects for the barriers to move */
      snprintf (p, 64, "round %d", i);
      kill (getpid (), SIGUSR1);
      int sig = 0;
      if (sigwait (&usr1, &sig) == 0 && sig == SIGUSR1)
        waited++;

      handler_tid = 0;
      kill (getpid (), SIGUSR2);
      sigsuspend (&none);             /* unblocks SIGUSR2: the handler runs */
      if (handler_tid == getpid ())
        in_main++;
      char want[64];
      snprintf (want, sizeof want, "round %d", i);
      if (strcmp (p, want) != 0)
        return 1;
      free (p);
    }
  printf ("sigwait %d of 50\n", waited);
  printf ("handler in main thread %d of 50\n", in_main);
  return 0;
}
