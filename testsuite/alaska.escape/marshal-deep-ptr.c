/* SPDX-License-Identifier: GPL-3.0-or-later */
/* PTR_THROUGH_PTR one level below the slot: getaddrinfo_a's list is a
   `struct gaicb **', whose first element the plugin marshals; the
   gaicb's ar_name, one level further, glibc's resolver thread would read
   untranslated.  A literal name resolves (numerically: no network); a
   strdup'd one stops the program, naming the function and the argument.
   getaddrinfo_a keeps its requests, so after the first call list[0] holds
   the kept gaicb's address, which the check reads as it reads a handle.
   The same check covers scandir's *namelist. */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^literal: 0 0 2\n" } */
/* { dg-output "alaska: getaddrinfo_a: argument 2 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#define _GNU_SOURCE
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct addrinfo hints = { .ai_flags = AI_NUMERICHOST | AI_NUMERICSERV,
                            .ai_socktype = SOCK_STREAM };
  struct gaicb *g = calloc (1, sizeof *g);
  g->ar_name = "127.0.0.1";
  g->ar_service = "80";
  g->ar_request = &hints;
  struct gaicb *list[1] = { g };
  int r = getaddrinfo_a (GAI_WAIT, list, 1, NULL);
  printf ("literal: %d %d %d\n", r, gai_error (g), g->ar_result ? g->ar_result->ai_family : -1);
  g->ar_name = strdup ("127.0.0.1");
  r = getaddrinfo_a (GAI_WAIT, list, 1, NULL);
  printf ("not reached: %d\n", r);
  return 0;
}
