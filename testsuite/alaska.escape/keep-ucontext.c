/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A coroutine on malloc'd contexts and a malloc'd stack: getcontext and
   swapcontext save into a context whose fpregs points into itself, and
   makecontext sets one up on a stack it returns to through uc_link, so
   all of them are kept in place (KEEPS); setcontext and swapcontext then
   follow only kept objects (KEPT_PTRS), with no check below (a context's
   link to another context is no error).  The coroutine runs twice; a
   barrier between the switches moves every other object, and the contexts
   and the stack stay where they are. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^coroutine 1 arg 7\n" } */
/* { dg-output "back 1 other moved 1 contexts kept 1\n" } */
/* { dg-output "coroutine 2 arg 7\n" } */
/* { dg-output "done 2\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

static ucontext_t *main_ctx, *co_ctx;
static int runs;

static void coroutine (int arg)
{
  printf ("coroutine %d arg %d\n", ++runs, arg);
  swapcontext (co_ctx, main_ctx);
  printf ("coroutine %d arg %d\n", ++runs, arg);
}   /* returns through uc_link to main_ctx */

int main (void)
{
  main_ctx = malloc (sizeof *main_ctx);
  co_ctx = malloc (sizeof *co_ctx);
  ucontext_t *spare = malloc (sizeof *spare);
  size_t size = 256 * 1024;
  char *stack = malloc (size);
  getcontext (spare);
  getcontext (co_ctx);
  co_ctx->uc_stack.ss_sp = stack;
  co_ctx->uc_stack.ss_size = size;
  co_ctx->uc_link = main_ctx;
  makecontext (co_ctx, (void (*) (void)) coroutine, 1, 7);
  main_ctx->uc_link = spare;            /* a link to a context, not followed */
  swapcontext (main_ctx, co_ctx);
  char *other = strdup ("other");
  void *o = backing (other), *m = backing (main_ctx), *c = backing (co_ctx), *s = backing (stack);
  alaska_barrier ();
  printf ("back %d other moved %d contexts kept %d\n", runs, backing (other) != o,
          backing (main_ctx) == m && backing (co_ctx) == c && backing (stack) == s);
  swapcontext (main_ctx, co_ctx);
  printf ("done %d\n", runs);
  return 0;
}
