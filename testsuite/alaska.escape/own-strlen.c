/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program defines strlen itself, in another unit, and marks its
   declaration instrumented: its calls reach its own definition with the
   handles as they are. */
/* { dg-do run } */
/* { dg-options "-Wall -fno-tree-loop-distribute-patterns" } */
/* { dg-additional-sources "units/own-strlen.c" } */
/* { dg-output "^lengths 5 11\nown strlen saw 2 handles\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "units/own-strlen.h"

int main (void)
{
  char *a = strdup ("hello"), *b = strdup ("hello world");
  size_t la = strlen (a), lb = strlen (b);
  printf ("lengths %zu %zu\n", la, lb);
  printf ("own strlen saw %d handles\n", own_strlen_handles);
  free (a);
  free (b);
  return 0;
}
