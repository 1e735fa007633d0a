/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The check one level below the slots reads arrays on the caller's stack
   too: a struct group on the stack whose gr_mem, also on the stack, holds
   a strdup'd name stops the program at putgrent. */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^alaska: putgrent: argument 1 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  char *mem[] = { strdup ("eve"), NULL };
  struct group g = { "staff", "x", 50, mem };
  putgrent (&g, stdout);
  return 0;
}
