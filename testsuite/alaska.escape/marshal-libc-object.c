/* SPDX-License-Identifier: GPL-3.0-or-later */
/* freeaddrinfo must be given a list getaddrinfo allocated (LIBC_MEMORY
   arg0 in tools/libc-behaviour.txt): one it got from getaddrinfo frees as
   usual; a malloc'd one, a handle, stops the program with a message
   naming the function and the argument, before the C library's free
   sees it. */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^libc list freed 0\n" } */
/* { dg-output "alaska: freeaddrinfo: argument 1 must be an object the C library allocated, but it is a handle \[^\n\]*not supported \\(see alaska\\(7\\), LIMITS\\)\n$" } */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct addrinfo hints = { .ai_flags = AI_NUMERICHOST, .ai_family = AF_INET }, *res;
  int r = getaddrinfo ("127.0.0.1", NULL, &hints, &res);
  freeaddrinfo (res);
  printf ("libc list freed %d\n", r);
  struct addrinfo *own = calloc (1, sizeof *own);
  freeaddrinfo (own);
  printf ("not reached\n");
  return 0;
}
