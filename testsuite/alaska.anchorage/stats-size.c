/* SPDX-License-Identifier: GPL-3.0-or-later */
/* struct anchorage_stats carries its size: a caller built against an
   older, shorter struct (here: the size field, extent_bytes and
   live_bytes) gets exactly that many bytes filled and the rest of its
   memory untouched; a caller whose struct is longer than the library's
   gets the library's size back; a size too small for the size field
   itself is refused and nothing is written.  4096 objects of 16 bytes add
   64 KiB of live bytes. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^short 0 size 1 live 65536 untouched 1\n" } */
/* { dg-output "long 0 size 1 tail 1\n" } */
/* { dg-output "tiny -1 untouched 1\n$" } */
#include <anchorage.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
static void *obj[N];

int main (void)
{
  struct anchorage_stats before = { .size = sizeof before };
  anchorage_stats_get (&before);
  for (int i = 0; i < N; i++)
    obj[i] = malloc (16);

  /* An older caller: size, extent_bytes, live_bytes. */
  size_t shortsize = offsetof (struct anchorage_stats, large_bytes);
  union { struct anchorage_stats st; unsigned char bytes[sizeof (struct anchorage_stats)]; } u;
  memset (&u, 0xa5, sizeof u);
  u.st.size = shortsize;
  int r = anchorage_stats_get (&u.st);
  int untouched = 1;
  for (size_t i = shortsize; i < sizeof u; i++)
    untouched &= u.bytes[i] == 0xa5;
  printf ("short %d size %d live %llu untouched %d\n", r, u.st.size == shortsize,
          (unsigned long long) (u.st.live_bytes - before.live_bytes), untouched);

  /* A newer caller: a longer struct. */
  struct { struct anchorage_stats st; unsigned long long later[4]; } big;
  memset (&big, 0xa5, sizeof big);
  big.st.size = sizeof big;
  r = anchorage_stats_get (&big.st);
  int tail = 1;
  for (int i = 0; i < 4; i++)
    tail &= big.later[i] == 0xa5a5a5a5a5a5a5a5ull;
  printf ("long %d size %d tail %d\n", r, big.st.size == sizeof (struct anchorage_stats), tail);

  /* Too small for the size field. */
  memset (&u, 0xa5, sizeof u);
  u.st.size = 4;
  r = anchorage_stats_get (&u.st);
  untouched = 1;
  for (size_t i = sizeof (size_t); i < sizeof u; i++)
    untouched &= u.bytes[i] == 0xa5;
  printf ("tiny %d untouched %d\n", r, untouched && u.st.size == 4);
  for (int i = 0; i < N; i++)
    free (obj[i]);
  return 0;
}
