/* SPDX-License-Identifier: GPL-3.0-or-later */
/* getaddrinfo given strdup'd node and service, malloc'd hints (whose
   pointers it does not follow: READS_SCALARS) and a result slot in a
   malloc'd structure (an out-parameter: OUT), and getifaddrs the same
   slot kind: the lists they store are the C library's memory, read as
   they are after a barrier has moved every other object, and freed by
   freeaddrinfo and freeifaddrs (LIBC_MEMORY: checked to be no handle).
   _dl_find_object fills a malloc'd structure (OUT) with addresses of the
   loaded program, left as they are. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^getaddrinfo 0 handle 0 family 1 stream 1 127.0.0.1 port 8080 next 0\n" } */
/* { dg-output "again 0 127.0.0.2 port 8081\n" } */
/* { dg-output "getifaddrs 0 handle 0 lo 127.0.0.1\n" } */
/* { dg-output "_dl_find_object 0 main inside 1 handles 0\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <arpa/inet.h>
#include <dlfcn.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct holder {
  struct addrinfo *res;
  struct ifaddrs *ifa;
};

static const char *address (const struct sockaddr *sa, char *text)
{
  return inet_ntop (AF_INET, &((const struct sockaddr_in *) sa)->sin_addr, text,
                    INET_ADDRSTRLEN);
}

int main (void)
{
  char text[INET_ADDRSTRLEN];
  char *node = strdup ("127.0.0.1"), *service = strdup ("8080");
  struct addrinfo *hints = calloc (1, sizeof *hints);
  hints->ai_flags = AI_NUMERICHOST | AI_NUMERICSERV;
  hints->ai_family = AF_INET;
  hints->ai_socktype = SOCK_STREAM;
  struct holder *h = calloc (1, sizeof *h);
  int r = getaddrinfo (node, service, hints, &h->res);
  alaska_barrier ();
  struct addrinfo *a = h->res;
  printf ("getaddrinfo %d handle %d family %d stream %d %s port %d next %d\n", r,
          alaska_is_handle (a), a->ai_family == AF_INET, a->ai_socktype == SOCK_STREAM,
          address (a->ai_addr, text), ntohs (((struct sockaddr_in *) a->ai_addr)->sin_port),
          a->ai_next != NULL);
  freeaddrinfo (h->res);

  /* The slot holds the freed list's address: not read again. */
  strcpy (node, "127.0.0.2");
  strcpy (service, "8081");
  r = getaddrinfo (node, service, hints, &h->res);
  alaska_barrier ();
  printf ("again %d %s port %d\n", r, address (h->res->ai_addr, text),
          ntohs (((struct sockaddr_in *) h->res->ai_addr)->sin_port));
  freeaddrinfo (h->res);

  r = getifaddrs (&h->ifa);
  alaska_barrier ();
  const char *lo = "none";
  for (struct ifaddrs *i = h->ifa; i; i = i->ifa_next)
    if (!strcmp (i->ifa_name, "lo") && i->ifa_addr && i->ifa_addr->sa_family == AF_INET)
      lo = address (i->ifa_addr, text);
  printf ("getifaddrs %d handle %d lo %s\n", r, alaska_is_handle (h->ifa), lo);
  freeifaddrs (h->ifa);

  struct dl_find_object *o = malloc (sizeof *o);
  r = _dl_find_object ((void *) main, o);
  alaska_barrier ();
  printf ("_dl_find_object %d main inside %d handles %d\n", r,
          (char *) o->dlfo_map_start <= (char *) main && (char *) main < (char *) o->dlfo_map_end,
          alaska_is_handle (o->dlfo_map_start) + alaska_is_handle (o->dlfo_link_map));
  free (o);
  free (h), free (hints), free (service), free (node);
  return 0;
}
