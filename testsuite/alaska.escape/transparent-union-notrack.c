/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under -fplugin-arg-alaska-no-track, a function whose only new memory
   statements are the transparent-union copy of bind's sockaddr argument
   (see transparent-union.c) still gets its virtual operands renamed: the
   copy's load and store had none, and GCC stopped with an internal
   compiler error in execute_function_todo (Redis's anet.c, built for
   make bench).  */
/* { dg-do assemble } */
/* { dg-options "-fplugin-arg-alaska-no-track" } */
#define _GNU_SOURCE
#include <sys/socket.h>

static int listen_on (int s, struct sockaddr *sa, socklen_t len)
{
  if (bind (s, sa, len) == -1)
    return -1;
  return sa->sa_family;
}

int listen_twice (int s, struct sockaddr *sa, socklen_t len)
{
  return listen_on (s, sa, len) + listen_on (s + 1, sa, len);
}
