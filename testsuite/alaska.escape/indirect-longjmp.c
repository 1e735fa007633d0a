/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A callback that a plain-gcc library calls, reached through a pointer,
   leaves by longjmp (as lua_error leaves a Lua C function) a thousand
   times: the trampoline's frames of the calls left behind are dropped,
   and a later call through it still pins its argument for a barrier.  */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-plain-library "units/plain-table.c" } */
/* { dg-output "^left 1000\nbarrier 0 arg moved 0\n$" } */
#include <alaska.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "units/plain-table.h"
const struct plain_table *plain_table (void) __attribute__((alaska_external));

static jmp_buf env;
static char *arg;
static int barrier_result, arg_moved;

static void leave (char *s)
{
  (void) s;
  longjmp (env, 1);
}

static void check (char *s)
{
  uint32_t id = (uint32_t) ((uintptr_t) arg >> 32) & 0x7fffffff;
  void *before = alaska_backing (id);
  barrier_result = alaska_barrier ();
  arg_moved = alaska_backing (id) != before;
  s[0] = 'H';
}

int main (void)
{
  const struct plain_table *t = plain_table ();
  arg = strdup ("hello");
  volatile int left = 0;
  for (int i = 0; i < 1000; i++)
    if (setjmp (env) == 0)
      t->apply (leave, arg);
    else
      left++;
  printf ("left %d\n", left);
  t->apply (check, arg);
  printf ("barrier %d arg moved %d\n", barrier_result, arg_moved);
  free (arg);
  return 0;
}
