/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An array of pointers of unknown length (a `T *const *' parameter given a
   malloc'd array) cannot be marshalled: a function of code the plugin did
   not compile (alaska_external), given strdup'd strings in a malloc'd
   array, stops the program with a message naming it, before it reads a
   handle.  A known array of string literals on the stack passes. */
/* { dg-do run } */
/* { dg-plain-sources "units/plain-lengths.c" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^literals: 5\n" } */
/* { dg-output "alaska: plain_lengths was given an array of pointers holding handles \[^\n\]*not supported \\(see alaska\\(7\\), LIMITS\\)\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int plain_lengths (char *const *v) __attribute__ ((alaska_external));

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *const literals[] = { "ab", "cde", NULL };
  printf ("literals: %d\n", plain_lengths (literals));

  char **heap = malloc (3 * sizeof *heap);
  heap[0] = strdup ("ab");
  heap[1] = strdup ("cde");
  heap[2] = NULL;
  printf ("heap: %d\n", plain_lengths (heap));
  return 0;
}
