/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A thread blocked in accept() on a heap address (glibc passes it in a
   transparent union, which the plugin copies with the member translated)
   and a heap length: both stay pinned while it blocks, through barriers
   that move everything else, and accept fills in the objects' current
   copies.  The union's translation used to end at the copy, before the
   call, so the length's pin could take its slot (or, with pin elision, it
   had none): the address moved under accept.  */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */  /* whose barriers move every unpinned object */
/* { dg-output "^barriers 20 failed 0\naccepted 1 family 1 port 1 len 16\n$" } */
#define _GNU_SOURCE                     /* __SOCKADDR_ARG: a transparent union */
#include <alaska.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int lfd;
static struct sockaddr_in *peer;
static socklen_t *peer_len;

static void *acceptor (void *arg)
{
  (void) arg;
  long fd = accept (lfd, (struct sockaddr *) peer, peer_len);
  return (void *) fd;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl (INADDR_LOOPBACK) };
  socklen_t alen = sizeof a;
  lfd = socket (AF_INET, SOCK_STREAM, 0);
  if (lfd < 0 || bind (lfd, (struct sockaddr *) &a, sizeof a) || listen (lfd, 1)
      || getsockname (lfd, (struct sockaddr *) &a, &alen))
    return 1;
  peer = calloc (1, sizeof *peer);
  peer_len = malloc (sizeof *peer_len);
  *peer_len = sizeof *peer;
  pthread_t t;
  pthread_create (&t, NULL, acceptor, NULL);
  usleep (50000);               /* let it block */
  int failed = 0;
  for (int i = 0; i < 20; i++)
    failed += alaska_barrier () != 0;
  printf ("barriers 20 failed %d\n", failed);
  int c = socket (AF_INET, SOCK_STREAM, 0);
  struct sockaddr_in me;
  socklen_t melen = sizeof me;
  if (c < 0 || connect (c, (struct sockaddr *) &a, sizeof a)
      || getsockname (c, (struct sockaddr *) &me, &melen))
    return 1;
  void *fd;
  pthread_join (t, &fd);
  printf ("accepted %d family %d port %d len %u\n", (long) fd >= 0,
          peer->sin_family == AF_INET, peer->sin_port == me.sin_port,
          (unsigned) *peer_len);
  close (c);
  close ((int) (long) fd);
  close (lfd);
  free (peer);
  free (peer_len);
  return 0;
}
