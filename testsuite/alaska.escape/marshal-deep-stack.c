/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The check one level below the slots reads structures on the caller's
   stack too: a struct msghdr on the stack whose msg_iov, also on the
   stack, holds a strdup'd buffer stops the program at __cmsg_nxthdr
   (CMSG_NXTHDR, a call with -fno-inline). */
/* { dg-do run } */
/* { dg-options "-fno-inline" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^alaska: __cmsg_nxthdr: argument 1 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

int main (void)
{
  union { char buf[2 * CMSG_SPACE (sizeof (int))]; struct cmsghdr align; } control;
  memset (&control, 0, sizeof control);
  struct iovec iov = { strdup ("eve"), 3 };
  struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.buf,
                      .msg_controllen = sizeof control.buf };
  struct cmsghdr *c = CMSG_FIRSTHDR (&m);
  c->cmsg_len = CMSG_LEN (sizeof (int));
  __cmsg_nxthdr (&m, c);
  printf ("not reached\n");
  return 0;
}
