/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A library other than the C library, reached through a pointer, may keep
   what it is given (as a library keeps a callback's user data): those
   objects are pinned for good, as for a direct call, and what it kept
   stays valid after barriers that move everything else.  What a C library
   function reached through a pointer is given moves again afterwards.  */
/* { dg-do run } */
/* { dg-options "-ldl" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-plain-library "units/plain-table.c" } */
/* { dg-output "^held 11 kept moved 0 other moved 1 libc arg moved 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "units/plain-table.h"
const struct plain_table *plain_table (void) __attribute__((alaska_external));

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

int main (void)
{
  const struct plain_table *t = plain_table ();
  size_t (*len) (const char *) = (size_t (*) (const char *)) dlsym (RTLD_DEFAULT, "strlen");
  char *kept = strdup ("hello world"), *other = strdup ("other"), *arg = strdup ("arg");
  t->hold (kept);
  len (arg);
  void *k = backing (kept), *o = backing (other), *a = backing (arg);
  alaska_barrier ();
  alaska_barrier ();
  printf ("held %zu kept moved %d other moved %d libc arg moved %d\n", t->held_length (),
          backing (kept) != k, backing (other) != o, backing (arg) != a);
  return 0;
}
