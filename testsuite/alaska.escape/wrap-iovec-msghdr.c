/* SPDX-License-Identifier: GPL-3.0-or-later */
/* writev/readv/pwritev/preadv and sendmsg/recvmsg read pointers inside
   structures: here the iovec arrays, the msghdr and every buffer they point
   to are on the heap. */
/* { dg-do run } */
/* { dg-output "^writev 11\nreadv 11 hello world\npwritev 6\npreadv 6 HELLO \nsendmsg 9\nrecvmsg 9 ping pong 0\n$" } */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  FILE *tmp = tmpfile ();
  int fd = fileno (tmp);

  struct iovec *iov = malloc (2 * sizeof *iov);
  char *a = strdup ("hello "), *b = strdup ("world");
  iov[0] = (struct iovec) { a, 6 };
  iov[1] = (struct iovec) { b, 5 };
  printf ("writev %zd\n", writev (fd, iov, 2));

  lseek (fd, 0, SEEK_SET);
  char *x = calloc (1, 8), *y = calloc (1, 8);
  iov[0] = (struct iovec) { x, 6 };
  iov[1] = (struct iovec) { y, 5 };
  ssize_t n = readv (fd, iov, 2);
  printf ("readv %zd %s%s\n", n, x, y);

  iov[0] = (struct iovec) { strdup ("HELLO "), 6 };
  printf ("pwritev %zd\n", pwritev (fd, iov, 1, 0));
  memset (x, 0, 8);
  iov[0] = (struct iovec) { x, 6 };
  n = preadv (fd, iov, 1, 0);
  printf ("preadv %zd %s\n", n, x);
  fclose (tmp);

  int sv[2];
  if (socketpair (AF_UNIX, SOCK_DGRAM, 0, sv) != 0)
    return 1;
  struct msghdr *msg = calloc (1, sizeof *msg);
  char *p1 = strdup ("ping "), *p2 = strdup ("pong");
  iov[0] = (struct iovec) { p1, 5 };
  iov[1] = (struct iovec) { p2, 4 };
  msg->msg_iov = iov;
  msg->msg_iovlen = 2;
  printf ("sendmsg %zd\n", sendmsg (sv[0], msg, 0));

  struct msghdr *in = calloc (1, sizeof *in);
  char *r = calloc (1, 32);
  struct iovec *riov = malloc (sizeof *riov);
  *riov = (struct iovec) { r, 31 };
  in->msg_iov = riov;
  in->msg_iovlen = 1;
  n = recvmsg (sv[1], in, 0);
  printf ("recvmsg %zd %s %d\n", n, r, in->msg_flags);
  return 0;
}
