/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The end pointers of the strto* family point into a handle's object. */
/* { dg-do run } */
/* { dg-output "^strtol -42 1 3\nstrtoul 255 1 8\nstrtoll 123 1 12\nstrtoull 7 1 14\nstrtod 2\\.5 1 18\nstrtof 0\\.25 1 23\nstrtold 1\\.5 1 27\nnone 0 1 0\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s = strdup ("-42 0xff 123 7 2.5 0.25 1.5 end");
  char **end = malloc (sizeof *end);   /* the end pointer lives on the heap too */
  long l = strtol (s, end, 10);
  printf ("strtol %ld %d %ld\n", l, alaska_is_handle (*end), (long) (*end - s));
  unsigned long ul = strtoul (*end, end, 16);
  printf ("strtoul %lu %d %ld\n", ul, alaska_is_handle (*end), (long) (*end - s));
  char *e;
  long long ll = strtoll (*end, &e, 10);
  printf ("strtoll %lld %d %ld\n", ll, alaska_is_handle (e), (long) (e - s));
  unsigned long long ull = strtoull (e, &e, 10);
  printf ("strtoull %llu %d %ld\n", ull, alaska_is_handle (e), (long) (e - s));
  double d = strtod (e, &e);
  printf ("strtod %g %d %ld\n", d, alaska_is_handle (e), (long) (e - s));
  float f = strtof (e, &e);
  printf ("strtof %g %d %ld\n", f, alaska_is_handle (e), (long) (e - s));
  long double ld = strtold (e, &e);
  printf ("strtold %Lg %d %ld\n", ld, alaska_is_handle (e), (long) (e - s));
  char *rest = e;
  long none = strtol (rest, &e, 10);   /* no digits: end is the start */
  printf ("none %ld %d %ld\n", none, alaska_is_handle (e), (long) (e - rest));
  free (end);
  free (s);
  return 0;
}
