/* SPDX-License-Identifier: GPL-3.0-or-later */
/* glibc's headers redirect some functions to other symbols: the plugin
   goes by the symbol.  Without _GNU_SOURCE, strerror_r is the XSI
   __xpg_strerror_r (returns 0 and fills the heap buffer); with
   _FORTIFY_SOURCE, fgets goes through __fgets_alias or __fgets_chk and
   still returns the handle it was given; getline is an inline function
   around __getdelim and still grows a handle. */
/* { dg-do run } */
/* { dg-output "^strerror_r 0 No such file or directory\nfgets 1 0 line one\ngetline 1 9 line two\n$" } */
#define _POSIX_C_SOURCE 200809L
#ifdef __OPTIMIZE__
#define _FORTIFY_SOURCE 2
#endif
#include <alaska.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *buf = malloc (64);
  int r = strerror_r (ENOENT, buf, 64);
  printf ("strerror_r %d %s\n", r, buf);

  FILE *f = tmpfile ();
  fputs ("line one\nline two\n", f);
  rewind (f);
  char *got = fgets (buf, 64, f);
  got[strcspn (got, "\n")] = 0;
  printf ("fgets %d %ld %s\n", alaska_is_handle (got), (long) (got - buf), got);
  size_t cap = 2;
  char *line = malloc (cap);
  ssize_t n = getline (&line, &cap, f);
  line[n - 1] = 0;
  printf ("getline %d %zd %s\n", alaska_is_handle (line), n, line);
  fclose (f);
  free (line);
  free (buf);
  return 0;
}
