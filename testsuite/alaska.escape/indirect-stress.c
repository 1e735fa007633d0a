/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Calls through pointers into a plain-gcc library and the C library, with
   handles, while barriers move objects every millisecond: the handles of
   each call stay pinned until it returns (the malloc service poisons the
   old copies of what it moves, so a call that read a moved object would
   count wrong).  */
/* { dg-do run } */
/* { dg-options "-ldl" } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-plain-library "units/plain-table.c" } */
/* { dg-output "^ok 20000 20000 20000\n$" } */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "units/plain-table.h"
const struct plain_table *plain_table (void) __attribute__((alaska_external));

static long upper;

static void count_upper (char *s)
{
  for (; *s; s++)
    upper += *s >= 'A' && *s <= 'Z';
}

int main (void)
{
  const struct plain_table *t = plain_table ();
  size_t (*len) (const char *) = (size_t (*) (const char *)) dlsym (RTLD_DEFAULT, "strlen");
  char *words[64];
  for (int i = 0; i < 64; i++)
    {
      words[i] = malloc (40 + i);
      memset (words[i], 'a', 39 + i);
      words[i][39 + i] = 0;
      words[i][i % 39] = 'Q';
    }
  long lens = 0, lens2 = 0;
  for (int i = 0; i < 20000; i++)
    {
      char *w = words[i % 64];
      lens += len (w) == (size_t) (39 + i % 64);
      lens2 += t->length (w) == (size_t) (39 + i % 64);
      t->apply (count_upper, w);
      /* New objects, so that there is something to move.  */
      free (words[(i + 7) % 64]);
      int k = (i + 7) % 64;
      words[k] = malloc (40 + k);
      memset (words[k], 'a', 39 + k);
      words[k][39 + k] = 0;
      words[k][k % 39] = 'Q';
    }
  printf ("ok %ld %ld %ld\n", lens, lens2, upper);
  return 0;
}
