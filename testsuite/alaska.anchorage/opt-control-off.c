/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ANCHORAGE_CONTROL=off: no control loop thread; main's is the only one. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=off" } */
/* { dg-output "^threads 1\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* The number of threads of this process, from /proc/self/status. */
static int threads (void)
{
  char line[256];
  int n = -1;
  FILE *f = fopen ("/proc/self/status", "r");
  while (f && fgets (line, sizeof line, f))
    if (!strncmp (line, "Threads:", 8))
      n = atoi (line + 8);
  if (f)
    fclose (f);
  return n;
}
int main (void)
{
  free (malloc (1));
  printf ("threads %d\n", threads ());
  return 0;
}
