/* SPDX-License-Identifier: GPL-3.0-or-later */
/* glibc's obstack functions follow the chunk pointers of the obstack, and
   the chunks come from the program's allocator, which _obstack_begin keeps
   (KEEPS on a function in tools/libc-behaviour.txt): it gets an export
   thunk, so that the chunks are kept in place and the library gets their
   addresses, for malloc itself as for the program's own allocator.  Two
   malloc'd obstacks grow words, a chunk-sized object, a printf'd string
   across barriers that move every other object; obstack_free gives the
   chunks back to the program's free.  obstack_vprintf has a wrapper (a
   va_list). */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^malloc: alpha beta gamma x n=42 delta used 1 other moved 1 chunk kept 1\n" } */
/* { dg-output "own: alpha beta gamma x n=42 delta used 1 other moved 1 chunk kept 1 chunks 2\n" } */
/* { dg-output "freed: empty 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <obstack.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* Where p's bytes are: a handle's backing plus its offset, or p. */
static char *address (const void *p)
{
  return alaska_is_handle (p) ? (char *) backing (p) + (uint32_t) (uintptr_t) p : (char *) p;
}

static int chunks;

static void *own_alloc (size_t n)
{
  chunks++;
  return malloc (n);
}

/* obstack_vprintf, with a strdup'd string among the arguments. */
static int oprintf (struct obstack *o, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = obstack_vprintf (o, fmt, ap);
  va_end (ap);
  return r;
}

#define obstack_chunk_alloc malloc
#define obstack_chunk_free free

static void fill (struct obstack *o, const char *what)
{
  static const char *const w[3] = { "alpha", "beta", "gamma" };
  char *words[3];
  for (int i = 0; i < 3; i++)
    words[i] = obstack_copy0 (o, w[i], strlen (w[i]));
  char *big = obstack_alloc (o, 10000);     /* a new chunk */
  memset (big, 'x', 10000);
  char *other = strdup ("other");
  void *before = backing (other);
  char *bytes = address (big);
  alaska_barrier ();
  obstack_printf (o, "n=%d", 42);
  char *word = strdup ("delta");
  oprintf (o, " %s", word);
  free (word);
  char *p = obstack_finish (o);
  printf ("%s: %s %s %s %c %s used %d other moved %d chunk kept %d", what, words[0], words[1],
          words[2], big[9999], p, _obstack_memory_used (o) > 10000, backing (other) != before,
          address (big) == bytes);
  free (other);
}

int main (void)
{
  struct obstack *o = malloc (sizeof *o);
  obstack_init (o);
  fill (o, "malloc");
  printf ("\n");
  obstack_free (o, NULL);

  struct obstack *mine = malloc (sizeof *mine);
  obstack_specify_allocation (mine, 0, 0, own_alloc, free);
  fill (mine, "own");
  printf (" chunks %d\n", chunks);
  obstack_free (mine, NULL);
  obstack_init (o);
  printf ("freed: empty %d\n", obstack_object_size (o) == 0);
  return 0;
}
