/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STRUCT_WITH_PTRS one level below the slots: putgrent reads the strings
   of struct group's gr_mem, an array the plugin marshals only as the
   member's value.  Literal member names, in an array on the stack or on
   the heap, pass; a strdup'd name there stops the program, naming the
   function and the argument, before glibc reads the handle. */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^staff:x:50:alice,bob\nstaff:x:50:carol,dave\n" } */
/* { dg-output "alaska: putgrent: argument 1 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct group *g = malloc (sizeof *g);
  g->gr_name = strdup ("staff");
  g->gr_passwd = strdup ("x");
  g->gr_gid = 50;
  char *on_stack[] = { "alice", "bob", NULL };
  g->gr_mem = on_stack;
  putgrent (g, stdout);
  char **heap = malloc (3 * sizeof *heap);
  heap[0] = "carol";
  heap[1] = "dave";
  heap[2] = NULL;
  g->gr_mem = heap;
  putgrent (g, stdout);
  heap[0] = strdup ("eve");
  putgrent (g, stdout);
  printf ("not reached\n");
  return 0;
}
