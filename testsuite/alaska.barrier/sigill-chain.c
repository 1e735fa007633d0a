/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program's own SIGILL handler keeps working: a ud2 that is not a
   safepoint reaches it, while barriers trap at safepoints. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^handler 1 barrier 0\n$" } */
#include <alaska.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static sigjmp_buf env;
static volatile int handled;

static void on_sigill (int sig)
{
  (void) sig;
  handled++;
  siglongjmp (env, 1);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = on_sigill;
  sigemptyset (&sa.sa_mask);
  sigaction (SIGILL, &sa, NULL);
  if (!sigsetjmp (env, 1))
    __builtin_trap ();          /* ud2 */
  printf ("handler %d barrier %d\n", handled, alaska_barrier ());
  return 0;
}
