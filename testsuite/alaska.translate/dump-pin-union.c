/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A transparent union argument (glibc's __SOCKADDR_ARG under _GNU_SOURCE)
   is passed as a copy whose member is translated: the translation reaches
   the call through memory, and its pin lasts through the call.  accept's
   address and length are both live at the call: two slots, two stores,
   none elided (with one slot, the length's store would unpin the
   address while accept blocks).  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska" } */
#define _GNU_SOURCE
#include <sys/socket.h>

int bind_to (int fd, struct sockaddr *sa, socklen_t len)
{
  return bind (fd, sa, len);
}

int accept_on (int fd, struct sockaddr *sa, socklen_t *len)
{
  return accept (fd, sa, len);
}
/* { dg-final { scan-alaska-dump-fn-times bind_to "^alaska: pin stores: 1, elided: 0$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times accept_on "^alaska: pin set of 2 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times accept_on "^alaska: pin stores: 2, elided: 0$" 1 } } */
