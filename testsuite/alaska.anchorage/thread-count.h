/* SPDX-License-Identifier: GPL-3.0-or-later */
/* thread-count.h: the number of threads of this process, from
   /proc/self/status (-1 if it cannot be read). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int thread_count (void)
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
