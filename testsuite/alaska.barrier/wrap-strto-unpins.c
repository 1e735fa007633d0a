/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The strto* wrappers pin their string only while they run.  Redis parses
   every argument of a 60000-argument GEOADD with strtod; the wrappers used
   to leave each pin behind, so after 1040 calls the list was full, later
   strings were parsed unpinned, and under ALASKA_STRESS one moved under
   strtod (glibc's assertion that the digits do not change).  Here, after
   3000 calls, a barrier moves the string: no pin is left over.  */
/* { dg-do run } */
/* { dg-output "^sum 4120600\\.0 3000\nbarrier 0 moved 1\nafter 2057\\.6\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s = strdup ("2057.6");
  char *e;
  double sum = 0;
  int whole = 0;
  for (int i = 0; i < 1000; i++)
    {
      sum += strtod (s, &e);
      whole += e - s == 6;
      sum += strtol (s, &e, 10);
      whole += e - s == 4;
      sum += strtoul (s + 5, &e, 10);
      whole += e - s == 6;
    }
  printf ("sum %.1f %d\n", sum, whole);
  void *before = alaska_translate (s);
  int r = alaska_barrier ();
  printf ("barrier %d moved %d\n", r, alaska_translate (s) != before);
  printf ("after %g\n", strtod (s, NULL));
  free (s);
  return 0;
}
