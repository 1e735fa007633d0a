/* SPDX-License-Identifier: GPL-3.0-or-later */
/* With _GNU_SOURCE, glibc declares the sockaddr arguments of bind, connect,
   getsockname, getpeername, accept, sendto and recvfrom as transparent
   unions (__SOCKADDR_ARG): the handle inside the union is translated too,
   so heap sockaddrs work (they failed with EFAULT). */
/* { dg-do run } */
/* { dg-output "^bind 0\ngetsockname 0 same port 1\nconnect 0\naccept 1 peer 1\ngetpeername 0 loopback 1\nsendto 0 recvfrom 4 from 1\n$" } */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct sockaddr_in *addr = calloc (1, sizeof *addr), *got = calloc (1, sizeof *got);
  struct sockaddr_in *peer = calloc (1, sizeof *peer);
  socklen_t *len = malloc (sizeof *len);
  addr->sin_family = AF_INET;
  addr->sin_addr.s_addr = htonl (INADDR_LOOPBACK);
  int ls = socket (AF_INET, SOCK_STREAM, 0);
  printf ("bind %d\n", bind (ls, (struct sockaddr *) addr, sizeof *addr));
  *len = sizeof *got;
  int r = getsockname (ls, (struct sockaddr *) got, len);
  printf ("getsockname %d same port %d\n", r, got->sin_port != 0);
  listen (ls, 1);
  int cs = socket (AF_INET, SOCK_STREAM, 0);
  printf ("connect %d\n", connect (cs, (struct sockaddr *) got, sizeof *got));
  *len = sizeof *peer;
  int as = accept (ls, (struct sockaddr *) peer, len);
  printf ("accept %d peer %d\n", as >= 0, peer->sin_addr.s_addr == htonl (INADDR_LOOPBACK));
  memset (peer, 0, sizeof *peer);
  *len = sizeof *peer;
  r = getpeername (as, (struct sockaddr *) peer, len);
  printf ("getpeername %d loopback %d\n", r, peer->sin_addr.s_addr == htonl (INADDR_LOOPBACK));

  int u1 = socket (AF_INET, SOCK_DGRAM, 0), u2 = socket (AF_INET, SOCK_DGRAM, 0);
  addr->sin_port = 0;
  bind (u2, (struct sockaddr *) addr, sizeof *addr);
  *len = sizeof *got;
  getsockname (u2, (struct sockaddr *) got, len);
  char *msg = strdup ("ping"), *buf = calloc (1, 16);
  r = (int) sendto (u1, msg, 4, 0, (struct sockaddr *) got, sizeof *got);
  memset (peer, 0, sizeof *peer);
  *len = sizeof *peer;
  ssize_t n = recvfrom (u2, buf, 16, 0, (struct sockaddr *) peer, len);
  printf ("sendto %d recvfrom %d from %d\n", r == 4 ? 0 : -1, (int) n,
          peer->sin_addr.s_addr == htonl (INADDR_LOOPBACK) && !strcmp (buf, "ping"));
  close (ls); close (cs); close (as); close (u1); close (u2);
  free (addr); free (got); free (peer); free (len); free (msg); free (buf);
  return 0;
}
