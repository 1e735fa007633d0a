/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under -fplugin-arg-alaska-no-track, functions called through pointers
   are still instrumented code: they get handles as they are, not the
   trampoline's translations.  Without pin sets and safepoints the
   program had no safepoint notes, libalaska took none of its code for
   instrumented, and every indirect call translated its handles: a
   callback that reallocs or frees what it is given got a backing address
   (Lua's allocator; "realloc(...): an address in the region of handles'
   memory ...").  */
/* { dg-do run } */
/* { dg-options "-fplugin-arg-alaska-no-track" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^grown hello handle 1\nkept 1\n$" } */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct buffer { char *data; size_t size; };

static void *grow (void *p, size_t n)
{
  return realloc (p, n);
}

static char *saved;

static void keep (char *p)
{
  saved = p;
}

void *(*volatile grow_fn) (void *, size_t) = grow;
void (*volatile keep_fn) (char *) = keep;

int main (void)
{
  struct buffer b = { malloc (8), 8 };
  strcpy (b.data, "hello");
  b.data = grow_fn (b.data, 4096);
  b.size = 4096;
  printf ("grown %s handle %d\n", b.data, (intptr_t) b.data < 0);
  char *s = strdup ("kept");
  keep_fn (s);
  printf ("kept %d\n", saved == s);
  free (s);
  free (b.data);
  return 0;
}
