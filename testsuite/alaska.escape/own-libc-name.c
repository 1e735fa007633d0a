/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program defines functions with C library names in another unit and
   declares them itself, outside system headers, as gnulib does with
   _obstack_free: its calls reach its own definitions (the driver's linker
   defines their "own or C library" thunks' references), with handles as
   they are, in the arguments and in the structure they point to, which
   its globfree frees. */
/* { dg-do run } */
/* { dg-options "-Wall -fno-builtin -fno-tree-loop-distribute-patterns" } */
/* { dg-additional-sources "units/own-libc-name.c" } */
/* { dg-output "^length 11\nown strlen saw 1 handles\nown globfree freed 3 of 3 handles\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include "units/own-libc-name.h"

int main (void)
{
  char *s = malloc (12);
  for (int i = 0; i < 11; i++)
    s[i] = "hello world"[i];
  s[11] = 0;
  unsigned long n = strlen (s);
  printf ("length %lu\n", n);
  printf ("own strlen saw %d handles\n", own_strlen_handles);

  my_glob_t *g = malloc (sizeof *g);
  g->gl_pathc = 3;
  g->gl_pathv = malloc (3 * sizeof (char *));
  for (int i = 0; i < 3; i++)
    g->gl_pathv[i] = malloc (8);
  globfree (g);
  printf ("own globfree freed %d of 3 handles\n", own_globfree_handles);
  free (g);
  free (s);
  return 0;
}
