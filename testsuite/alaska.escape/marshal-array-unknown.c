/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An array of pointers of unknown length (a `T *const *' parameter given a
   malloc'd array) cannot be marshalled: printf_size given a malloc'd array
   of pointers to malloc'd values stops the program with a message naming
   it, before glibc reads a handle.  A known array on the stack passes. */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^known: 2.0k\n" } */
/* { dg-output "alaska: printf_size was given an array of pointers holding handles \[^\n\]*not supported \\(see alaska\\(7\\), LIMITS\\)\n$" } */
#define _GNU_SOURCE
#include <printf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct printf_info info;
  memset (&info, 0, sizeof info);
  info.prec = 1;
  info.spec = 'k';
  double d = 2048.0;
  const void *known[] = { &d };
  printf ("known: ");
  printf_size (stdout, &info, known);
  printf ("\n");

  double *h = malloc (sizeof *h);
  *h = 3072.0;
  const void **heap = malloc (sizeof *heap);
  heap[0] = h;
  printf_size (stdout, &info, heap);
  printf ("\nnot reached\n");
  return 0;
}
