/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska_barrier() moves every unpinned object: the handle stays, its
   contents follow, the old copy is poisoned (until the next barrier). */
/* { dg-do run } */
/* { dg-output "^barrier 0 moved 1 poisoned 1\nagain 0 moved 1\ncontent payload\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s = strdup ("payload");
  /* alaska_translate is a call into the runtime: s is not pinned by it. */
  unsigned char *before = alaska_translate (s);
  int r1 = alaska_barrier ();
  unsigned char *after = alaska_translate (s);
  int poisoned = before[0] == 0xa5 && before[1] == 0xa5;
  int r2 = alaska_barrier ();
  unsigned char *last = alaska_translate (s);
  printf ("barrier %d moved %d poisoned %d\n", r1, before != after, poisoned);
  printf ("again %d moved %d\n", r2, last != after);
  printf ("content %s\n", s);
  free (s);
  return 0;
}
