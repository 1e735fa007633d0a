/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A C library function that keeps an argument and hands it back, never
   dereferencing it (tools/libc-behaviour.txt's COOKIE): fopencookie's
   cookie, a malloc'd structure, reaches the stream's functions as the
   handle it was, and they update it. */
/* { dg-do run } */
/* { dg-output "^cookie 1 1 written 5 hello\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sink { char text[32]; size_t used; void *self; };

static ssize_t sink_write (void *cookie, const char *buf, size_t size)
{
  struct sink *s = cookie;
  if (cookie != s->self || size >= sizeof s->text - s->used)
    return -1;
  memcpy (s->text + s->used, buf, size);
  s->used += size;
  return size;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct sink *s = calloc (1, sizeof *s);
  s->self = s;
  cookie_io_functions_t io = { .write = sink_write };
  FILE *f = fopencookie (s, "w", io);
  fputs ("hello", f);
  fclose (f);
  printf ("cookie %d %d written %zu %s\n", alaska_is_handle (s), s->self == s, s->used, s->text);
  free (s);
  return 0;
}
