/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A thread blocked in readv (a libalaska wrapper) on a pipe, its iovec and
   buffers all heap objects: barriers meanwhile move nothing the wrapper
   translated, and the data lands in the buffers. */
/* { dg-do run } */
/* { dg-output "^barriers 20 failed 0\nreadv 11 hello world\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

static int fds[2];
static char *a, *b;

static void *reader (void *arg)
{
  struct iovec *iov = arg;
  return (void *) readv (fds[0], iov, 2);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  if (pipe (fds))
    return 1;
  a = calloc (1, 8);
  b = calloc (1, 8);
  struct iovec *iov = malloc (2 * sizeof *iov);
  iov[0] = (struct iovec) { a, 6 };
  iov[1] = (struct iovec) { b, 5 };
  pthread_t t;
  pthread_create (&t, NULL, reader, iov);
  usleep (50000);
  int failed = 0;
  for (int i = 0; i < 20; i++)
    failed += alaska_barrier () != 0;
  printf ("barriers 20 failed %d\n", failed);
  if (write (fds[1], "hello world", 11) != 11)
    return 1;
  void *n;
  pthread_join (t, &n);
  printf ("readv %ld %s%s\n", (long) n, a, b);
  return 0;
}
