/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Objects that libc allocates itself (asprintf, getaddrinfo, realpath,
   open_memstream, strdup inside libc) stay raw pointers; the program frees
   them with free, which the plugin made hfree, and that works. */
/* { dg-do run } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^asprintf 0 n=42\ngetaddrinfo 0 127.0.0.1\nrealpath 0 /\nmemstream 0 hello 5\nstrdup 1\n" } */
/* { dg-output "alaska: service anchorage\nalaska: handles_allocated 1\nalaska: handles_freed 1\n" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <arpa/inet.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s;
  if (asprintf (&s, "n=%d", 42) < 0)
    return 1;
  printf ("asprintf %d %s\n", alaska_is_handle (s), s);
  free (s);

  struct addrinfo hints = { .ai_flags = AI_NUMERICHOST, .ai_family = AF_INET };
  struct addrinfo *res;
  if (getaddrinfo ("127.0.0.1", NULL, &hints, &res) != 0)
    return 2;
  char text[INET_ADDRSTRLEN];
  inet_ntop (AF_INET, &((struct sockaddr_in *) res->ai_addr)->sin_addr, text, sizeof text);
  printf ("getaddrinfo %d %s\n", alaska_is_handle (res), text);
  freeaddrinfo (res);

  char *real = realpath ("/.", NULL);
  printf ("realpath %d %s\n", alaska_is_handle (real), real);
  free (real);

  char *buf;
  size_t len;
  FILE *m = open_memstream (&buf, &len);
  fputs ("hello", m);
  fclose (m);
  printf ("memstream %d %s %zu\n", alaska_is_handle (buf), buf, len);
  free (buf);

  char *mine = strdup ("mine");
  printf ("strdup %d\n", alaska_is_handle (mine));
  free (mine);
  return 0;
}
