/* SPDX-License-Identifier: GPL-3.0-or-later */
/* execv, execve, execvp, execvpe, posix_spawn and posix_spawnp read the
   strings of argv and envp, both heap vectors of heap strings here. */
/* { dg-do run } */
/* { dg-output "^execv: a b\nexecve: X=1\nexecvp: c\nexecvpe: Y=2\nposix_spawn: d e\nposix_spawnp: Z=3\n$" } */
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

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
      char *path = strdup ("/bin/echo");
      switch (kind)
        {
        case 0: execv (path, vec ("echo", "a", "b")); break;
        case 1: execve (strdup ("/usr/bin/env"), vec ("env", NULL, NULL), vec ("X=1", NULL, NULL)); break;
        case 2: execvp (strdup ("echo"), vec ("echo", "c", NULL)); break;
        case 3: execvpe (strdup ("env"), vec ("env", NULL, NULL), vec ("Y=2", NULL, NULL)); break;
        }
      perror ("exec");
      _exit (127);
    }
  int status;
  waitpid (pid, &status, 0);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  run ("execv", 0);
  run ("execve", 1);
  run ("execvp", 2);
  run ("execvpe", 3);

  pid_t pid;
  int status;
  printf ("posix_spawn: ");
  if (posix_spawn (&pid, strdup ("/bin/echo"), NULL, NULL, vec ("echo", "d", "e"), environ) == 0)
    waitpid (pid, &status, 0);
  printf ("posix_spawnp: ");
  if (posix_spawnp (&pid, strdup ("env"), NULL, NULL, vec ("env", NULL, NULL), vec ("Z=3", NULL, NULL)) == 0)
    waitpid (pid, &status, 0);
  return 0;
}
