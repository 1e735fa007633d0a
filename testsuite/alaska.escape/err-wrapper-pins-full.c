/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A wrapped call that would pin more handles than a wrapper can hold
   (ALASKA_WRAPPER_PINS, 1040) stops the program with a message naming the
   problem, rather than leave handles unpinned under libc: here getopt on a
   heap vector of 1100 heap words, each of which libc keeps a pointer to.  */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^words 1100\nalaska: a C library call through a libalaska wrapper needs more than 1040 handles pinned at once \\(the next is 0x\[0-9a-f\]+\\); they could not all be kept from moving\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 1100

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char **argv = malloc ((N + 1) * sizeof *argv);
  for (int i = 0; i < N; i++)
    argv[i] = strdup (i ? "word" : "prog");
  argv[N] = NULL;
  printf ("words %d\n", N);
  int c = getopt (N, argv, "a");
  printf ("not reached %d\n", c);
  return 0;
}
