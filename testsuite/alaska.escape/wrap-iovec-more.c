/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The other functions that read iovecs: pwritev2/preadv2, pwritev/preadv
   as large-file programs call them (pwritev64/preadv64), vmsplice,
   process_vm_readv/writev (the local iovecs), and sendmmsg/recvmmsg, whose
   struct mmsghdr array holds a msghdr each.  Every array and buffer is on
   the heap. */
/* { dg-do run } */
/* { dg-options "-D_FILE_OFFSET_BITS=64" } */
/* { dg-output "^pwritev 6\npreadv 6 HELLO \npwritev2 5\npreadv2 11 HELLOworld\nvmsplice 4 pipe\nprocess_vm_readv 5 hello\nprocess_vm_writev 5 HELLO\nsendmmsg 2\nrecvmmsg 2 9 ping pong 3 two\n$" } */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static struct iovec *iov1 (void *base, size_t len)
{
  struct iovec *v = malloc (sizeof *v);
  *v = (struct iovec) { base, len };
  return v;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  FILE *tmp = tmpfile ();
  int fd = fileno (tmp);
  char *x = calloc (1, 16);
  printf ("pwritev %zd\n", pwritev (fd, iov1 (strdup ("HELLO "), 6), 1, 0));
  ssize_t n = preadv (fd, iov1 (x, 6), 1, 0);
  printf ("preadv %zd %s\n", n, x);
  printf ("pwritev2 %zd\n", pwritev2 (fd, iov1 (strdup ("world"), 5), 1, 6, 0));
  memset (x, 0, 16);
  struct iovec *two = malloc (2 * sizeof *two);
  two[0] = (struct iovec) { x, 5 };
  two[1] = (struct iovec) { x + 5, 6 };
  n = preadv2 (fd, two, 2, 0, 0);
  x[5] = 0;
  printf ("preadv2 %zd %s%s\n", n, x, x + 6);
  fclose (tmp);

  int p[2];
  if (pipe (p) != 0)
    return 1;
  n = vmsplice (p[1], iov1 (strdup ("pipe"), 4), 1, 0);
  char *y = calloc (1, 8);
  read (p[0], y, 4);
  printf ("vmsplice %zd %s\n", n, y);

  /* The remote iovecs are this process's own (always permitted): addresses,
     not handles. */
  char remote[8] = "hello";
  struct iovec r = { remote, 5 };
  char *z = calloc (1, 8);
  n = process_vm_readv (getpid (), iov1 (z, 5), 1, &r, 1, 0);
  printf ("process_vm_readv %zd %s\n", n, z);
  n = process_vm_writev (getpid (), iov1 (strdup ("HELLO"), 5), 1, &r, 1, 0);
  printf ("process_vm_writev %zd %s\n", n, remote);

  int sv[2];
  if (socketpair (AF_UNIX, SOCK_DGRAM, 0, sv) != 0)
    return 1;
  struct mmsghdr *out = calloc (2, sizeof *out);
  struct iovec *pp = malloc (2 * sizeof *pp);
  pp[0] = (struct iovec) { strdup ("ping "), 5 };
  pp[1] = (struct iovec) { strdup ("pong"), 4 };
  out[0].msg_hdr.msg_iov = pp;
  out[0].msg_hdr.msg_iovlen = 2;
  out[1].msg_hdr.msg_iov = iov1 (strdup ("two"), 3);
  out[1].msg_hdr.msg_iovlen = 1;
  printf ("sendmmsg %d\n", sendmmsg (sv[0], out, 2, 0));

  struct mmsghdr *in = calloc (2, sizeof *in);
  char *a = calloc (1, 32), *b = calloc (1, 32);
  in[0].msg_hdr.msg_iov = iov1 (a, 31);
  in[0].msg_hdr.msg_iovlen = 1;
  in[1].msg_hdr.msg_iov = iov1 (b, 31);
  in[1].msg_hdr.msg_iovlen = 1;
  int m = recvmmsg (sv[1], in, 2, 0, NULL);
  printf ("recvmmsg %d %u %s %u %s\n", m, in[0].msg_len, a, in[1].msg_len, b);
  return 0;
}
