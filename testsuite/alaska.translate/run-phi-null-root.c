/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A PHI whose other incoming values are null does not take its non-null
   value's root when that value is defined inside a loop that the null
   path bypasses (reduced from Lua's breakstat in Redis: the plugin used to
   translate bl in a block bl does not dominate, and GCC stopped with an
   internal error in rewrite_into_loop_closed_ssa). */
/* { dg-do run } */
/* { dg-options "-Wall -fchecking=1" } */
/* { dg-output "^found 8 8\nfirst 4 8 0\n$" } */
#include <stdio.h>
#include <stdlib.h>

struct blk { struct blk *prev; int upval; int brk; int x; };
static int errors, codes;
__attribute__ ((noipa)) void err (void) { errors++; }
__attribute__ ((noipa)) void code (int x) { codes += x; }

__attribute__ ((noipa)) int f (struct blk *bl)
{
  int upval = 0;
  while (bl && !bl->brk)
    {
      upval |= bl->upval;
      bl = bl->prev;
    }
  if (!bl)
    err ();
  if (upval)
    code (bl->x);
  return bl->x;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct blk *chain = NULL;
  for (int i = 0; i < 5; i++)
    {
      struct blk *b = calloc (1, sizeof *b);
      b->prev = chain;
      b->upval = i == 3;
      b->brk = i == 1;
      b->x = 7 * (i == 1) + i;
      chain = b;
    }
  int found = f (chain);
  printf ("found %d %d\n", found, codes);
  chain->brk = 1;
  int first = f (chain);
  printf ("first %d %d %d\n", first, codes, errors);
  return 0;
}
