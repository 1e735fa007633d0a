/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The *_r lookups fill the structure they are given (an out-parameter,
   OUT in tools/libc-behaviour.txt) with pointers into the buffer they are
   given, and some of those point to arrays of pointers the library builds
   in the buffer (gr_mem, h_aliases, h_addr_list, s_aliases, p_aliases),
   whose elements point into the buffer again.  With the structure and the
   buffer malloc'd, every one of those pointers comes back as a handle into
   the buffer (alaska_marshal_out_array rebases the arrays' elements), and
   all read right after a barrier has moved the buffer.  The result
   variable is reused from call to call, as in a getgrent_r loop: the
   previous result it holds is not checked as if the library read it. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^group wheel 10 members alice bob: moved 1 handles 5 of 5\n" } */
/* { dg-output "group staff 50 members carol: moved 1 handles 4 of 4\n" } */
/* { dg-output "group none 60 members: moved 1 handles 3 of 3\n" } */
/* { dg-output "groups end 2 result null 1\n" } */
/* { dg-output "host localhost 127.0.0.1: moved 1 handles all 1\n" } */
/* { dg-output "service http 80 tcp alias www: moved 1 handles all 1\n" } */
/* { dg-output "protocol tcp 6 alias TCP: moved 1 handles all 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <arpa/inet.h>
#include <grp.h>
#include <netdb.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 2048

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* Moves every unpinned object; says whether buf moved. */
static int barrier_moves (const char *buf)
{
  void *before = backing (buf);
  alaska_barrier ();
  return backing (buf) != before;
}

static int in_buf (const void *p, const char *buf)
{
  return alaska_is_handle (p) && (const char *) p >= buf && (const char *) p < buf + N;
}

/* Each element and the array itself: in buf?  Adds to *seen. */
static int array_in_buf (char **a, const char *buf, int *seen)
{
  int good = in_buf (a, buf);
  ++*seen;
  for (; *a; a++, ++*seen)
    good += in_buf (*a, buf);
  return good;
}

/* The lookups in functions of their own: a pin of the call's objects
   ends with the frame. */
static __attribute__((noinline)) int group (FILE *f, struct group *grp, char *buf,
                                            struct group **res)
{
  return fgetgrent_r (f, grp, buf, N, res);
}

static __attribute__((noinline)) int host (struct hostent *h, char *buf, struct hostent **res)
{
  int herr;
  return gethostbyname_r ("localhost", h, buf, N, res, &herr);
}

static __attribute__((noinline)) int service (struct servent *s, char *buf, struct servent **res)
{
  return getservbyname_r ("http", "tcp", s, buf, N, res);
}

static __attribute__((noinline)) int protocol (struct protoent *p, char *buf,
                                               struct protoent **res)
{
  return getprotobyname_r ("tcp", p, buf, N, res);
}

/* Reading the results, also in functions of their own: main translates
   none of the buffer's pointers, so that it pins nothing at the barriers. */
static __attribute__((noinline)) void show_group (struct group *g, const char *buf, int moved)
{
  int seen = 2;
  int good = in_buf (g->gr_name, buf) + in_buf (g->gr_passwd, buf)
             + array_in_buf (g->gr_mem, buf, &seen);
  printf ("group %s %d members", g->gr_name, (int) g->gr_gid);
  for (char **m = g->gr_mem; *m; m++)
    printf (" %s", *m);
  printf (": moved %d handles %d of %d\n", moved, good, seen);
}

static __attribute__((noinline)) void show_host (struct hostent *h, const char *buf, int moved)
{
  int seen = 1;
  int good = in_buf (h->h_name, buf) + array_in_buf (h->h_aliases, buf, &seen)
             + array_in_buf (h->h_addr_list, buf, &seen);
  char addr[INET_ADDRSTRLEN];
  inet_ntop (AF_INET, h->h_addr_list[0], addr, sizeof addr);
  printf ("host %s %s: moved %d handles all %d\n", h->h_name, addr, moved, good == seen);
}

static __attribute__((noinline)) void show_service (struct servent *s, const char *buf,
                                                    int moved)
{
  int seen = 2;
  int good = in_buf (s->s_name, buf) + in_buf (s->s_proto, buf)
             + array_in_buf (s->s_aliases, buf, &seen);
  printf ("service %s %d %s alias %s: moved %d handles all %d\n", s->s_name,
          ntohs (s->s_port), s->s_proto, s->s_aliases[0], moved, good == seen);
}

static __attribute__((noinline)) void show_protocol (struct protoent *p, const char *buf,
                                                     int moved)
{
  int seen = 1;
  int good = in_buf (p->p_name, buf) + array_in_buf (p->p_aliases, buf, &seen);
  printf ("protocol %s %d alias %s: moved %d handles all %d\n", p->p_name, p->p_proto,
          p->p_aliases[0], moved, good == seen);
}

int main (void)
{
  FILE *f = tmpfile ();
  fputs ("wheel:x:10:alice,bob\nstaff:x:50:carol\nnone:x:60:\n", f);
  rewind (f);
  struct group *grp = malloc (sizeof *grp), *gres = NULL;
  char *buf = malloc (N);
  int e;
  while ((e = group (f, grp, buf, &gres)) == 0)
    show_group (gres, buf, barrier_moves (buf));
  printf ("groups end %d result null %d\n", e, gres == NULL);
  fclose (f);

  struct hostent *h = malloc (sizeof *h), *hres;
  if (host (h, buf, &hres) || !hres)
    return 1;
  show_host (hres, buf, barrier_moves (buf));

  struct servent *s = malloc (sizeof *s), *sres;
  if (service (s, buf, &sres) || !sres)
    return 2;
  show_service (sres, buf, barrier_moves (buf));

  struct protoent *p = malloc (sizeof *p), *pres;
  if (protocol (p, buf, &pres) || !pres)
    return 3;
  show_protocol (pres, buf, barrier_moves (buf));
  free (p), free (s), free (h), free (grp), free (buf);
  return 0;
}
