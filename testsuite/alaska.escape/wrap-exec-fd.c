/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fexecve and execveat read the strings of argv and envp too, heap
   vectors of heap strings here. */
/* { dg-do run } */
/* { dg-output "^fexecve: f g\nexecveat: W=4\n$" } */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char **vec (const char *a, const char *b, const char *c)
{
  char **v = malloc (4 * sizeof *v);
  v[0] = strdup (a);
  v[1] = b ? strdup (b) : NULL;
  v[2] = c ? strdup (c) : NULL;
  v[3] = NULL;
  return v;
}

static void run (const char *what, int kind)
{
  printf ("%s: ", what);
  pid_t pid = fork ();
  if (pid == 0)
    {
      if (kind == 0)
        fexecve (open ("/bin/echo", O_RDONLY), vec ("echo", "f", "g"), vec ("V=3", NULL, NULL));
      else
        execveat (AT_FDCWD, strdup ("/usr/bin/env"), vec ("env", NULL, NULL),
                  vec ("W=4", NULL, NULL), 0);
      perror ("exec");
      _exit (127);
    }
  int status;
  waitpid (pid, &status, 0);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  run ("fexecve", 0);
  run ("execveat", 1);
  return 0;
}
