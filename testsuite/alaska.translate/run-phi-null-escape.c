/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A pointer that is either derived from a handle or null, passed to code
   not compiled by the plugin, arrives as null when it is null (Redis
   anet.c: getaddrinfo (bindaddr = NULL for "*") crashed at start-up). */
/* { dg-do run } */
/* { dg-output "^rv 0\n$" } */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

__attribute__((noinline)) static int
tcp_server (int port, char *bindaddr, int af)
{
  char _port[6];
  struct addrinfo hints, *servinfo;
  snprintf (_port, 6, "%d", port);
  memset (&hints, 0, sizeof (hints));
  hints.ai_family = af;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  if (bindaddr && !strcmp ("*", bindaddr))
    bindaddr = NULL;
  if (af == AF_INET6 && bindaddr && !strcmp ("::*", bindaddr))
    bindaddr = NULL;
  int rv = getaddrinfo (bindaddr, _port, &hints, &servinfo);
  if (rv == 0)
    freeaddrinfo (servinfo);
  return rv;
}

int main (void)
{
  char *s = malloc (8);
  strcpy (s, "-::*");
  char *addr = s;
  if (*addr == '-')
    addr++;
  int rv = tcp_server (6379, addr, strchr (addr, ':') ? AF_INET6 : AF_INET);
  printf ("rv %d\n", rv);
  free (s);
  return rv != 0;
}
