/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A table of functions from a library built by plain gcc, called only
   through pointers: handles in argument registers are translated, the
   library never sees one, and what it was given stays pinned while it
   runs -- a barrier in a callback it makes moves other objects but not
   that one, and finds every pin set through the trampoline's frame.  */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-plain-library "units/plain-table.c" } */
/* { dg-output "^length 11 raw 1 1\nfill abcxxxxx\nbarrier 0 other moved 1 arg moved 0\ncallback wrote HELLO\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "units/plain-table.h"
const struct plain_table *plain_table (void) __attribute__((alaska_external));

static char *arg;
static char *other;
static int barrier_result, other_moved, arg_moved;

static uint32_t id_of (const void *h)
{
  return (uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff;
}

/* Called by the library with the translated address of arg.  */
static void shout (char *s)
{
  void *arg_before = alaska_backing (id_of (arg));
  void *other_before = alaska_backing (id_of (other));
  barrier_result = alaska_barrier ();
  other_moved = alaska_backing (id_of (other)) != other_before;
  arg_moved = alaska_backing (id_of (arg)) != arg_before;
  for (char *p = s; *p; p++)
    *p = *p - 'a' + 'A';
}

int main (void)
{
  const struct plain_table *t = plain_table ();
  char *s = strdup ("hello world");
  printf ("length %zu raw %d %d\n", t->length (s), t->is_raw (s), t->is_raw (t));
  char *buf = malloc (9);
  buf[8] = 0;
  t->fill (buf, "abc", 8, 'x');
  printf ("fill %s\n", buf);
  arg = strdup ("hello");
  other = strdup ("other");
  t->apply (shout, arg);
  printf ("barrier %d other moved %d arg moved %d\n", barrier_result, other_moved, arg_moved);
  printf ("callback wrote %s\n", arg);
  free (s);
  free (buf);
  free (arg);
  free (other);
  return 0;
}
