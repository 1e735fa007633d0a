/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rss.h: the tests' view of memory: resident set size from /proc. */
#include <stdio.h>
static long rss_bytes (void)
{
  long pages = 0, resident = 0;
  FILE *f = fopen ("/proc/self/statm", "r");
  if (!f || fscanf (f, "%ld %ld", &pages, &resident) != 2)
    return -1;
  fclose (f);
  return resident * 4096;
}
