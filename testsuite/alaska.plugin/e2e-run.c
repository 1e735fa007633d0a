/* SPDX-License-Identifier: GPL-3.0-or-later */
/* End to end: a program built by alaska-gcc gets handles from malloc, calloc, realloc and strdup, and frees them (without dereferencing them). */
/* { dg-do run } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^malloc 1\ncalloc 1\nrealloc 1\nstrdup 1\n" } */
/* { dg-output "alaska: service anchorage\nalaska: handles_allocated 3\nalaska: handles_freed 3\nalaska: handles_live 0\n" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  void *m = malloc (32);
  printf ("malloc %d\n", alaska_is_handle (m));
  void *c = calloc (4, 8);
  printf ("calloc %d\n", alaska_is_handle (c));
  void *r = realloc (m, 4096);
  printf ("realloc %d\n", r == m);
  char *s = strdup ("handle");
  printf ("strdup %d\n", alaska_is_handle (s));
  free (r);
  free (c);
  free (s);
  return 0;
}
