/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STRUCT_WITH_PTRS one level below the slots: __cmsg_nxthdr (CMSG_NXTHDR,
   a call with -fno-inline) is given a struct msghdr, whose msg_iov points
   to iovecs with data pointers of their own, which the plugin marshals
   only as the member's value.  Literal buffers there, in an iovec on the
   stack or on the heap, pass, and the next header comes back as a handle
   into the control buffer; a strdup'd buffer stops the program, naming
   the function and the argument, before glibc could read the handle. */
/* { dg-do run } */
/* { dg-options "-fno-inline" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^next at 24 handle 1\nnext at 24 handle 1\n" } */
/* { dg-output "alaska: __cmsg_nxthdr: argument 1 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  size_t len = 2 * CMSG_SPACE (sizeof (int));
  char *control = calloc (1, len);
  struct msghdr *m = calloc (1, sizeof *m);
  m->msg_control = control;
  m->msg_controllen = len;
  struct cmsghdr *c = CMSG_FIRSTHDR (m);
  c->cmsg_len = CMSG_LEN (sizeof (int));
  c->cmsg_level = SOL_SOCKET;
  c->cmsg_type = SCM_RIGHTS;
  char literal[] = "x";
  struct iovec on_stack = { literal, 1 };
  m->msg_iov = &on_stack;
  m->msg_iovlen = 1;
  struct cmsghdr *n = __cmsg_nxthdr (m, c);
  printf ("next at %ld handle %d\n", (long) ((char *) n - control), alaska_is_handle (n));
  struct iovec *heap = malloc (sizeof *heap);
  heap->iov_base = "y";
  heap->iov_len = 1;
  m->msg_iov = heap;
  n = __cmsg_nxthdr (m, c);
  printf ("next at %ld handle %d\n", (long) ((char *) n - control), alaska_is_handle (n));
  heap->iov_base = strdup ("z");
  __cmsg_nxthdr (m, c);
  printf ("not reached\n");
  return 0;
}
