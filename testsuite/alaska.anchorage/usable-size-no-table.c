/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under Anchorage, malloc_usable_size is answered from the sub-heap's
   bitmap every time: libalaska keeps no table of known sizes (halloc.c),
   whose byte per handle ID is memory Anchorage is there to save (2.7 MiB
   of redis-frag's RSS).  A million queries leave the resident set as it
   was (within 256 KiB), and every answer covers the request, is a
   multiple of 16, and is the same when asked again. */
/* { dg-do run } */
/* { dg-output "^answers 2000000, wrong 0\nno table\n$" } */
#include <stdlib.h>
#include <malloc.h>
#include "rss.h"

enum { N = 1000000 };

int main (void)
{
  char **h = malloc (N * sizeof *h);
  for (int i = 0; i < N; i++)
    h[i] = malloc (16 + (i % 4) * 16);
  unsigned long answers = 0, wrong = 0;
  long before = rss_bytes ();
  for (int i = 0; i < N; i++)
    {
      size_t n = malloc_usable_size (h[i]);
      answers += 2;
      wrong += n < 16 + (size_t) (i % 4) * 16 || n % 16 != 0
               || malloc_usable_size (h[i]) != n;
    }
  long grown = rss_bytes () - before;
  printf ("answers %lu, wrong %lu\n", answers, wrong);
  if (grown <= 256 * 1024)
    printf ("no table\n");
  else
    printf ("the resident set grew by %ld KiB\n", grown / 1024);
  return 0;
}
