/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A thread blocked in read() on a pipe does not keep barriers from
   completing (it joins from the signal handler; its buffer, a handle, is
   pinned by the translated argument), and its read still returns the
   data afterwards. */
/* { dg-do run } */
/* { dg-output "^barriers 20 failed 0\nread 12 hello, world\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fds[2];

static void *reader (void *arg)
{
  char *buf = arg;
  ssize_t n = read (fds[0], buf, 63);
  buf[n > 0 ? n : 0] = 0;
  return (void *) n;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  if (pipe (fds))
    return 1;
  char *buf = calloc (1, 64);
  pthread_t t;
  pthread_create (&t, NULL, reader, buf);
  usleep (50000);               /* let it block */
  int failed = 0;
  for (int i = 0; i < 20; i++)
    failed += alaska_barrier () != 0;
  printf ("barriers 20 failed %d\n", failed);
  const char *msg = "hello, world";
  if (write (fds[1], msg, strlen (msg)) < 0)
    return 1;
  void *n;
  pthread_join (t, &n);
  printf ("read %ld %s\n", (long) n, buf);
  return 0;
}
