/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_CONTROL is reported, naming the variable; the
   default (on) is kept: the control loop's thread runs beside main's. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=maybe" } */
/* { dg-output "^anchorage: warning: ignoring invalid value 'maybe' of ANCHORAGE_CONTROL \\(expected 1/0, yes/no, true/false or on/off\\)\n" } */
/* { dg-output "threads 2\n$" } */
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
