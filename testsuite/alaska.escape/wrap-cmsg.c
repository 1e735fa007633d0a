/* SPDX-License-Identifier: GPL-3.0-or-later */
/* __cmsg_nxthdr (CMSG_NXTHDR, a call with -fno-inline) reads only the
   control buffer of the struct msghdr it is given, never its iovecs
   (alaska___cmsg_nxthdr): with the message, the control buffer, an iovec
   and its buffer all malloc'd, the next header comes back as a handle
   into the control buffer, also after a barrier has moved the control
   buffer (ALASKA_SERVICE=malloc); past the last header,
   null. */
/* { dg-do run } */
/* { dg-options "-fno-inline" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^next at 24 handle 1 type 1\n" } */
/* { dg-output "moved 1: next at 24 handle 1 type 1\n" } */
/* { dg-output "after the last: null 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* Two SCM_RIGHTS headers in a malloc'd control buffer of a malloc'd
   message with a malloc'd iovec, built in a frame of its own. */
static __attribute__((noipa)) struct msghdr *message (void)
{
  size_t len = 2 * CMSG_SPACE (sizeof (int));
  struct msghdr *m = calloc (1, sizeof *m);
  m->msg_control = calloc (1, len);
  m->msg_controllen = len;
  for (int i = 0; i < 2; i++) {
    struct cmsghdr *c = (struct cmsghdr *) ((char *) m->msg_control + i * CMSG_SPACE (sizeof (int)));
    c->cmsg_len = CMSG_LEN (sizeof (int));
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
  }
  m->msg_iov = malloc (sizeof *m->msg_iov);
  m->msg_iov->iov_base = strdup ("data");
  m->msg_iov->iov_len = 4;
  m->msg_iovlen = 1;
  return m;
}

static __attribute__((noipa)) void next (struct msghdr *m)
{
  struct cmsghdr *first = m->msg_control;
  struct cmsghdr *n = __cmsg_nxthdr (m, first);
  printf ("next at %ld handle %d type %d\n", (long) ((char *) n - (char *) first),
          alaska_is_handle (n), n ? n->cmsg_type : -1);
}

static __attribute__((noipa)) int barrier_moves (const void *p)
{
  void *before = backing (p);
  alaska_barrier ();
  return backing (p) != before;
}

int main (void)
{
  struct msghdr *m = message ();
  next (m);
  printf ("moved %d: ", barrier_moves (m->msg_control));
  next (m);
  struct cmsghdr *second = (struct cmsghdr *) ((char *) m->msg_control + CMSG_SPACE (sizeof (int)));
  printf ("after the last: null %d\n", __cmsg_nxthdr (m, second) == NULL);
  free (m->msg_iov->iov_base), free (m->msg_iov), free (m->msg_control), free (m);
  return 0;
}
