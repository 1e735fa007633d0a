/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A C library function that keeps the pointer it is given
   (tools/libc-behaviour.txt's KEEPS): fmemopen writes into a malloc'd
   buffer until the stream is closed.  The malloc service moves every
   unpinned object at each barrier; the buffer, kept in place for good at
   the call, stays where the stream writes, while another object moves. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^fmemopen 1 hello, world kept 1 other moved 1\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* In a function of its own, so that no pin of the caller's frame holds
   the buffer in place at the barriers. */
static FILE *__attribute__ ((noinline)) open_in (char *buf, size_t size)
{
  return fmemopen (buf, size, "w");
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *buf = calloc (64, 1), *other = calloc (64, 1);
  FILE *f = open_in (buf, 64);
  if (!f)
    return 1;
  void *b = backing (buf), *o = backing (other);
  alaska_barrier ();
  alaska_barrier ();
  fputs ("hello, world", f);
  fclose (f);
  printf ("fmemopen %d %s kept %d other moved %d\n", alaska_is_handle (buf), buf,
          backing (buf) == b, backing (other) != o);
  free (other);
  free (buf);
  return 0;
}
