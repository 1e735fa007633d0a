/* SPDX-License-Identifier: GPL-3.0-or-later */
/* struct alaska_stats carries its size: a caller built against an older,
   shorter struct (here: the size field and the first two counters) gets
   exactly that many bytes filled and the rest of its memory untouched; a
   caller whose struct is longer than the library's gets the library's
   size back; a size too small for the size field itself is refused. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^short 0 size 1 allocated 3 freed 1 untouched 1\n" } */
/* { dg-output "long 0 size 1 tail 1\n" } */
/* { dg-output "tiny -1 untouched 1\nalaska: service malloc\n" } */
#include <alaska.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *a = halloc(8), *b = halloc(8), *c = halloc(8);
  hfree(c);

  /* An older caller: size, handles_allocated, handles_freed. */
  size_t shortsize = offsetof(struct alaska_stats, handles_live);
  union { struct alaska_stats st; unsigned char bytes[sizeof (struct alaska_stats)]; } u;
  memset(&u, 0xa5, sizeof u);
  u.st.size = shortsize;
  int r = alaska_stats_get(&u.st);
  int untouched = 1;
  for (size_t i = shortsize; i < sizeof u; i++)
    untouched &= u.bytes[i] == 0xa5;
  printf("short %d size %d allocated %llu freed %llu untouched %d\n", r,
         u.st.size == shortsize, (unsigned long long) u.st.handles_allocated,
         (unsigned long long) u.st.handles_freed, untouched);

  /* A newer caller: a longer struct. */
  struct { struct alaska_stats st; unsigned long long later[4]; } big;
  memset(&big, 0xa5, sizeof big);
  big.st.size = sizeof big;
  r = alaska_stats_get(&big.st);
  int tail = 1;
  for (int i = 0; i < 4; i++)
    tail &= big.later[i] == 0xa5a5a5a5a5a5a5a5ull;
  printf("long %d size %d tail %d\n", r, big.st.size == sizeof (struct alaska_stats), tail);

  /* Too small for the size field. */
  memset(&u, 0xa5, sizeof u);
  u.st.size = 4;
  r = alaska_stats_get(&u.st);
  untouched = 1;
  for (size_t i = sizeof (size_t); i < sizeof u; i++)
    untouched &= u.bytes[i] == 0xa5;
  printf("tiny %d untouched %d\n", r, untouched && u.st.size == 4);
  hfree(a);
  hfree(b);
  return 0;
}
