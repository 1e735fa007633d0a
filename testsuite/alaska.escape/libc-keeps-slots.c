/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function that keeps the structure it is given reads the pointers
   inside it after it returns: aio_read's worker thread reads aio_buf,
   and the kernel runs signal handlers on sigaltstack's ss_sp.  Their
   objects are kept in place and the members keep their translations, so
   both work with heap structures and heap buffers; aio_error, aio_suspend
   and aio_return read the kept aiocb afterwards. */
/* { dg-do run } */
/* { dg-output "^aio_read 0 12 asynchronous\nhandler on the alternate stack: 1\n$" } */
#include <aio.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile int on_stack = -1;

static void handler (int sig)
{
  stack_t cur;
  if (sigaltstack (NULL, &cur) == 0)
    on_stack = (cur.ss_flags & SS_ONSTACK) != 0;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  FILE *tmp = tmpfile ();
  fputs ("asynchronous", tmp);
  fflush (tmp);
  struct aiocb *cb = calloc (1, sizeof *cb);
  char *buf = calloc (1, 32);
  cb->aio_fildes = fileno (tmp);
  cb->aio_buf = buf;
  cb->aio_nbytes = 12;
  if (aio_read (cb) != 0)
    return 1;
  const struct aiocb *list[1] = { cb };
  while (aio_error (cb) == EINPROGRESS)
    aio_suspend (list, 1, NULL);
  printf ("aio_read %d %zd %s\n", aio_error (cb), aio_return (cb), buf);

  stack_t *ss = malloc (sizeof *ss);
  ss->ss_size = 1 << 16;
  ss->ss_sp = malloc (ss->ss_size);
  ss->ss_flags = 0;
  if (sigaltstack (ss, NULL) != 0)
    return 2;
  char *lo = malloc (16);     /* other objects, which may move meanwhile */
  struct sigaction sa;
  memset (&sa, 0, sizeof sa);
  sa.sa_handler = handler;
  sa.sa_flags = SA_ONSTACK;
  sigaction (SIGUSR1, &sa, NULL);
  raise (SIGUSR1);
  printf ("handler on the alternate stack: %d\n", on_stack);
  free (lo);
  return 0;
}
