/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A C library function that reallocates a pointer stored through its
   `T **' argument (tools/libc-behaviour.txt's REALLOCS) cannot be given a
   heap object of the program: argz_add on a vector the C library
   allocated works; on a malloc'd one the program stops with a message
   naming the function, before glibc's realloc sees it. */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^libc vector: 0 a b\n" } */
/* { dg-output "alaska: argz_add would free or reallocate 0x\[0-9a-f\]+, a handle, with the C library's allocator; this is not supported \\(see alaska\\(7\\), LIMITS\\)\n$" } */
#define _GNU_SOURCE
#include <argz.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *argz = NULL;
  size_t len = 0;
  argz_add (&argz, &len, "a");
  argz_add (&argz, &len, "b");
  printf ("libc vector: %d %s %s\n", (int) argz_count (argz, len) - 2, argz,
          argz_next (argz, len, argz));

  size_t mine_len = 2;
  char *mine = malloc (mine_len);
  memcpy (mine, "c", 2);
  argz_add (&mine, &mine_len, "d");
  printf ("heap vector: %s\n", mine);
  return 0;
}
