/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An object the program passes to another library is kept (it never moves
   again), and the library may give its address back.  Written where the
   program reads a pointer after the call -- through a T ** argument, also
   a variadic one, into a variable or into malloc'd memory -- it becomes
   the program's handle again.  Returned as a result it stays the raw
   address: accesses through it work, and so do free and realloc. */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-alaska-external=plain_set_userdata,plain_userdata,plain_get_userdata,plain_getv" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-plain-sources "units/plain-userdata.c" } */
/* { dg-output "^T \\*\\* argument: the handle\n" } */
/* { dg-output "variadic T \\*\\* into a variable: the handle\n" } */
/* { dg-output "variadic T \\*\\* into malloc'd memory: the handle\n" } */
/* { dg-output "result: a raw address, reads 42\n" } */
/* { dg-output "other objects moved: yes\n" } */
/* { dg-output "freed through the raw address; realloc'd through it: 42\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "units/plain-userdata.h"

struct job
{
  int id;
  char *name;
};

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

static const char *what (void *got, void *want)
{
  return got == want && alaska_is_handle (got) ? "the handle" : "NOT the handle";
}

int main (void)
{
  struct job *job = malloc (sizeof *job);
  job->id = 42;
  char *other = malloc (10);
  plain_set_userdata (job);
  void *o = backing (other);
  alaska_barrier ();

  void *got = NULL;
  plain_get_userdata (&got);
  printf ("T ** argument: %s\n", what (got, job));
  void *v = NULL;
  if (plain_getv (1, &v) != 0)
    abort ();
  printf ("variadic T ** into a variable: %s\n", what (v, job));
  void **slot = malloc (sizeof *slot);
  *slot = NULL;
  plain_getv (1, slot);
  printf ("variadic T ** into malloc'd memory: %s\n", what (*slot, job));
  free (slot);

  struct job *raw = plain_userdata ();
  printf ("result: %s, reads %d\n", alaska_is_handle (raw) ? "a handle" : "a raw address",
          raw->id);
  printf ("other objects moved: %s\n", backing (other) != o ? "yes" : "no");
  free (raw);                   /* the job */

  int *n = malloc (sizeof *n);
  *n = 42;
  plain_set_userdata (n);
  int *m = realloc (plain_userdata (), 4000);
  printf ("freed through the raw address; realloc'd through it: %d\n", *m);
  free (m);
  free (other);
  return 0;
}
