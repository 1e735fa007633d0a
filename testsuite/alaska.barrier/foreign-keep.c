/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A library the plugin did not compile, and that is not the C library, may
   keep the pointers it is given (libevent's event_assign keeps its event
   and callback argument).  Objects passed to such functions are pinned for
   good (alaska_keep): after barriers that move every other object, the
   library still reads the right contents through the address it kept.
   Objects passed only to the C library (strlen) still move, and a kept
   object moves again once freed and its handle reused. */
/* { dg-do run } */
/* { dg-plain-sources "units/foreign-keep-lib.c" } */
/* { dg-output "^library reads 42 hello\nkept stays 1\nlibc-only moves 1\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec { int value; char name[12]; };
void lib_remember (struct rec *r) __attribute__((alaska_external));
int lib_value (void) __attribute__((alaska_external));
const char *lib_name (void) __attribute__((alaska_external));

static struct rec *kept;
static char *other;
static void *kept_at, *other_at;

__attribute__((noinline)) static void setup (void)
{
  kept = malloc (sizeof *kept);
  kept->value = 42;
  strcpy (kept->name, "hello");
  lib_remember (kept);
  other = strdup ("moves");
  if (strlen (other) != 5)
    abort ();
  kept_at = alaska_translate (kept);
  other_at = alaska_translate (other);
}

__attribute__((noinline)) static void check (void)
{
  printf ("library reads %d %s\n", lib_value (), lib_name ());
  printf ("kept stays %d\n", alaska_translate (kept) == kept_at);
  printf ("libc-only moves %d\n", alaska_translate (other) != other_at);
}

int main (void)
{
  setup ();
  alaska_barrier ();
  alaska_barrier ();
  check ();
  free (kept);
  free (other);
  return 0;
}
