/* SPDX-License-Identifier: GPL-3.0-or-later */
/* C library functions that return a pointer into an argument
   (tools/libc-behaviour.txt's RESULT_INTO_ARG): given malloc'd buffers,
   mkdtemp, strfry, memfrob and ctermid return the handle they were given,
   not the translated address. */
/* { dg-do run } */
/* { dg-output "^mkdtemp 1 1 1\nstrfry 1 1 abc\nmemfrob 1 1 abc\nctermid 1 1 /dev/tty\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *tmpl = strdup ("/tmp/alaska-mkdtemp-XXXXXX");
  char *dir = mkdtemp (tmpl);
  printf ("mkdtemp %d %d %d\n", alaska_is_handle (dir), dir == tmpl, dir && rmdir (dir) == 0);
  free (tmpl);

  char *s = strdup ("abc");
  char *fried = strfry (s);
  /* Sorted back: strfry shuffles in place. */
  char sorted[4] = "";
  for (char c = 'a'; c <= 'c'; c++)
    if (strchr (fried, c))
      strncat (sorted, &c, 1);
  printf ("strfry %d %d %s\n", alaska_is_handle (fried), fried == s, sorted);
  free (s);

  char *m = strdup ("abc");
  char *frobbed = memfrob (m, 3);
  memfrob (frobbed, 3);
  printf ("memfrob %d %d %s\n", alaska_is_handle (frobbed), frobbed == m, frobbed);
  free (m);

  char *t = malloc (L_ctermid);
  char *tty = ctermid (t);
  printf ("ctermid %d %d %s\n", alaska_is_handle (tty), tty == t, tty);
  free (t);
  return 0;
}
