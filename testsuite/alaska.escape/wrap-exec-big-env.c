/* SPDX-License-Identifier: GPL-3.0-or-later */
/* posix_spawn and execve with an environment of 3000 heap strings, more
   than a wrapper can pin at once (ALASKA_WRAPPER_PINS): the wrappers copy
   the strings for libc instead of pinning each, and the child sees them
   all.  */
/* { dg-do run } */
/* { dg-output "^spawn: v0 v2999 3000\nexecve: v0 v2999 3000\n$" } */
#define _GNU_SOURCE
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 3000
static const char script[] = "echo $V0 $V2999 $(env | grep -c '^V[0-9]*=v')";

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char **env = malloc ((N + 1) * sizeof *env);
  for (int i = 0; i < N; i++)
    {
      env[i] = malloc (16);
      snprintf (env[i], 16, "V%d=v%d", i, i);
    }
  env[N] = NULL;
  char **argv = malloc (4 * sizeof *argv);
  argv[0] = strdup ("sh");
  argv[1] = strdup ("-c");
  argv[2] = strdup (script);
  argv[3] = NULL;

  printf ("spawn: ");
  pid_t pid;
  int status;
  if (posix_spawn (&pid, "/bin/sh", NULL, NULL, argv, env) != 0)
    return 1;
  waitpid (pid, &status, 0);

  printf ("execve: ");
  pid = fork ();
  if (pid == 0)
    {
      execve ("/bin/sh", argv, env);
      perror ("execve");
      _exit (127);
    }
  waitpid (pid, &status, 0);
  return WIFEXITED (status) && WEXITSTATUS (status) == 0 ? 0 : 1;
}
