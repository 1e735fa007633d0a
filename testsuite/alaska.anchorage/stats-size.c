/* SPDX-License-Identifier: GPL-3.0-or-later */
/* struct anchorage_stats carries its size: a caller built against an
   older, shorter struct (here: the size field, extent_bytes and
   live_bytes) gets exactly that many bytes filled and the rest of its
   memory untouched; a caller whose struct is longer than the library's
   gets the library's size back and its tail untouched; a size too small
   for the size field itself is refused and nothing is written.  4096
   objects of 16 bytes add 64 KiB of live bytes. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^short 0 size 1 untouched 1 live 65536\n" } */
/* { dg-output "long 0 size 1 untouched 1 live 65536\n" } */
/* { dg-output "tiny -1 size 1 untouched 1\n$" } */
#include <anchorage.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
static void *obj[N];
static union {
  struct anchorage_stats st;
  unsigned char bytes[sizeof (struct anchorage_stats) + 32];
} u;

/* Ask with u.st.size = size on a buffer of 0xa5s; print the result,
   whether the size it left is `left', and whether every byte from
   `kept' on is still 0xa5. */
static void get (const char *what, size_t size, size_t left, size_t kept)
{
  memset (&u, 0xa5, sizeof u);
  u.st.size = size;
  int r = anchorage_stats_get (&u.st);
  int untouched = 1;
  for (size_t i = kept; i < sizeof u; i++)
    untouched &= u.bytes[i] == 0xa5;
  printf ("%s %d size %d untouched %d", what, r, u.st.size == left, untouched);
}

int main (void)
{
  struct anchorage_stats before = { .size = sizeof before };
  anchorage_stats_get (&before);
  for (int i = 0; i < N; i++)
    obj[i] = malloc (16);

  size_t shortsize = offsetof (struct anchorage_stats, large_bytes);
  get ("short", shortsize, shortsize, shortsize);
  printf (" live %llu\n", (unsigned long long) (u.st.live_bytes - before.live_bytes));
  get ("long", sizeof u, sizeof (struct anchorage_stats), sizeof (struct anchorage_stats));
  printf (" live %llu\n", (unsigned long long) (u.st.live_bytes - before.live_bytes));
  get ("tiny", 4, 4, sizeof (size_t));
  printf ("\n");
  for (int i = 0; i < N; i++)
    free (obj[i]);
  return 0;
}
