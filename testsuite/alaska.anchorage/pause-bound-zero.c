/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ANCHORAGE_MAX_PAUSE=0: each pass does one unit of work (one source page)
   and stops early, saying so in the statistics; anchorage_defragment()
   runs passes until one finishes, so the heap still ends up compact: three
   passes, the first two stopped early.  Independent of timing: with a
   bound of 0 the clock is always past it at the first check. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" "ANCHORAGE_MAX_PAUSE=0" } */
/* { dg-output "^moved 1792 objects 28\ncompacted 1 extent given back 196608\nintact 1\npasses 3 stopped early 2\n$" } */
#include "sparse-pages.h"

int main (void)
{
  sparse_pages_build ();
  sparse_pages_defragment ();
  return 0;
}
