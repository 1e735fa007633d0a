/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fork under ALASKA_STRESS=1: the stress thread frees what each barrier
   moved, holding the relocation arena's lock, while the main thread
   forks; a child that then frees and allocates must not find that lock
   held for ever (libalaska takes its locks around fork).  Each child
   frees moved objects, allocates, checks contents and exits; the parent
   gives every child 10 seconds.  */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^forks 200 ok 200\n$" } */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define N 4000
static char *obj[N];

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  for (int i = 0; i < N; i++)
    {
      obj[i] = malloc (32 + i % 200);
      snprintf (obj[i], 32, "object %d", i);
    }
  int ok = 0;
  for (int f = 0; f < 200; f++)
    {
      pid_t pid = fork ();
      if (pid == 0)
        {
          alarm (10);           /* a deadlocked child dies of SIGALRM */
          int good = 1;
          char want[32];
          for (int i = 0; i < N; i += 7)
            {
              snprintf (want, sizeof want, "object %d", i);
              good &= strcmp (obj[i], want) == 0;
              free (obj[i]);
              obj[i] = malloc (64);
              strcpy (obj[i], "replaced");
            }
          _exit (good ? 0 : 1);
        }
      int status;
      if (waitpid (pid, &status, 0) == pid && WIFEXITED (status) && WEXITSTATUS (status) == 0)
        ok++;
      /* Churn, so that barriers have moved objects to free.  */
      for (int i = f % 5; i < N; i += 5)
        {
          char *n = malloc (32 + i % 200);
          strcpy (n, obj[i]);
          free (obj[i]);
          obj[i] = n;
        }
    }
  printf ("forks 200 ok %d\n", ok);
  return 0;
}
