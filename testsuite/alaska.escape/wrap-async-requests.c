/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Lists of asynchronous requests (libalaska's wrappers-requests.c): a
   malloc'd list of malloc'd struct gaicb whose names, services and hints
   are malloc'd too, resolved (numerically: no network) by getaddrinfo_a
   in both modes and waited for with gai_suspend given another malloc'd
   list; and a malloc'd list of malloc'd struct aiocb with malloc'd
   buffers, written and read back with lio_listio and waited for with
   aio_suspend.  The requests and what they point to are kept in place
   (the library uses them after the call); every other object moves at the
   barriers, and the results are exact.  Before the wrappers, the
   library read the list's second request, and the first one's strings,
   as handles. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^wait: 0 0 127.0.0.1:80 0 127.0.0.2:81\n" } */
/* { dg-output "nowait: 0 suspend 0 0 127.0.0.3:82 request kept 1 list moved 1\n" } */
/* { dg-output "lio write: 0 5 6\n" } */
/* { dg-output "lio read: 0 suspend 0 5 hello 6 world! list moved 1\n$" } */
#define _GNU_SOURCE
#include <aio.h>
#include <alaska.h>
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

static struct gaicb *request (const char *name, const char *service,
                              const struct addrinfo *hints)
{
  struct gaicb *g = calloc (1, sizeof *g);
  g->ar_name = strdup (name);
  g->ar_service = strdup (service);
  g->ar_request = hints;
  return g;
}

static const char *result (const struct gaicb *g, char *text)
{
  const struct sockaddr_in *sa = (const struct sockaddr_in *) g->ar_result->ai_addr;
  inet_ntop (AF_INET, &sa->sin_addr, text, INET_ADDRSTRLEN);
  sprintf (text + strlen (text), ":%d", ntohs (sa->sin_port));
  return text;
}

static const char *const words[2] = { "hello", "world!" };

/* Two requests, at offsets 0 and 8 of fd, in a malloc'd list: built in
   a function of its own, so that main pins none of them. */
static __attribute__((noinline)) struct aiocb **aio_requests (int fd, int opcode)
{
  struct aiocb **cbs = malloc (2 * sizeof *cbs);
  for (int i = 0; i < 2; i++)
    {
      cbs[i] = calloc (1, sizeof **cbs);
      cbs[i]->aio_fildes = fd;
      cbs[i]->aio_offset = 8 * i;
      cbs[i]->aio_buf = opcode == LIO_WRITE ? strdup (words[i]) : calloc (1, 16);
      cbs[i]->aio_nbytes = strlen (words[i]);
      cbs[i]->aio_lio_opcode = opcode;
    }
  return cbs;
}

static int moves (const void *p)
{
  void *before = backing (p);
  alaska_barrier ();
  return backing (p) != before;
}

int main (void)
{
  char a[32], b[32];
  struct addrinfo *hints = calloc (1, sizeof *hints);
  hints->ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;
  hints->ai_family = AF_INET;
  hints->ai_socktype = SOCK_STREAM;
  struct gaicb **list = malloc (2 * sizeof *list);
  list[0] = request ("127.0.0.1", "80", hints);
  list[1] = request ("127.0.0.2", "81", hints);
  int r = getaddrinfo_a (GAI_WAIT, list, 2, NULL);
  alaska_barrier ();
  printf ("wait: %d %d %s %d %s\n", r, gai_error (list[0]), result (list[0], a),
          gai_error (list[1]), result (list[1], b));

  struct gaicb *g = request ("127.0.0.3", "82", hints);
  struct gaicb **one = malloc (sizeof *one);
  one[0] = g;
  r = getaddrinfo_a (GAI_NOWAIT, one, 1, NULL);
  void *kept = backing (g);
  int moved = moves (one);
  const struct gaicb **waitfor = malloc (sizeof *waitfor);
  waitfor[0] = g;
  int s = gai_suspend (waitfor, 1, NULL);
  printf ("nowait: %d suspend %d %d %s request kept %d list moved %d\n", r,
          s == EAI_ALLDONE ? 0 : s, gai_error (g), result (g, a), backing (g) == kept, moved);
  for (int i = 0; i < 2; i++)
    freeaddrinfo (list[i]->ar_result);
  freeaddrinfo (g->ar_result);

  FILE *f = tmpfile ();
  struct aiocb **cbs = aio_requests (fileno (f), LIO_WRITE);
  r = lio_listio (LIO_WAIT, cbs, 2, NULL);
  alaska_barrier ();
  printf ("lio write: %d %d %d\n", r, (int) aio_return (cbs[0]), (int) aio_return (cbs[1]));

  struct aiocb **reads = aio_requests (fileno (f), LIO_READ);
  r = lio_listio (LIO_NOWAIT, reads, 2, NULL);
  moved = moves (reads);
  const struct aiocb **pending = malloc (2 * sizeof *pending);
  int done = 0;
  s = 0;
  while (done < 2 && s == 0)
    {
      pending[0] = aio_error (reads[0]) == EINPROGRESS ? reads[0] : NULL;
      pending[1] = aio_error (reads[1]) == EINPROGRESS ? reads[1] : NULL;
      done = !pending[0] + !pending[1];
      if (done < 2)
        s = aio_suspend (pending, 2, NULL);
    }
  printf ("lio read: %d suspend %d %d %s %d %s list moved %d\n", r, s,
          (int) aio_return (reads[0]), (char *) reads[0]->aio_buf,
          (int) aio_return (reads[1]), (char *) reads[1]->aio_buf, moved);
  fclose (f);
  return 0;
}
