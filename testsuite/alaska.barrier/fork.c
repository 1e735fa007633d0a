/* SPDX-License-Identifier: GPL-3.0-or-later */
/* After fork the child has one thread, and its barriers work. */
/* { dg-do run } */
/* { dg-output "^child 0 payload\nparent 0 payload\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void *idle (void *arg) { (void) arg; pause (); return NULL; }

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s = strdup ("payload");
  pthread_t t;
  pthread_create (&t, NULL, idle, NULL);
  pid_t pid = fork ();
  if (pid == 0)
    {
      printf ("child %d %s\n", alaska_barrier (), s);
      _exit (0);
    }
  waitpid (pid, NULL, 0);
  printf ("parent %d %s\n", alaska_barrier (), s);
  return 0;
}
