/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An array of pointers of unknown length (a `T *const *' parameter given a
   malloc'd array) cannot be marshalled: getsubopt given strdup'd tokens in
   a malloc'd array stops the program with a message naming it, before
   glibc reads a handle.  A known array of string literals passes. */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^literals: 1 v\n" } */
/* { dg-output "alaska: getsubopt was given an array of pointers holding handles \[^\n\]*not supported \\(see alaska\\(7\\), LIMITS\\)\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *const literals[] = { "k", "v", NULL };
  char *opts = strdup ("v"), *value;
  printf ("literals: %d %s\n", getsubopt (&opts, literals, &value), literals[1]);

  char **tokens = malloc (3 * sizeof *tokens);
  tokens[0] = strdup ("k");
  tokens[1] = strdup ("v");
  tokens[2] = NULL;
  char *more = strdup ("k=1");
  printf ("heap tokens: %d\n", getsubopt (&more, tokens, &value));
  return 0;
}
