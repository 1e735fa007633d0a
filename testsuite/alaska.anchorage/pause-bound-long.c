/* SPDX-License-Identifier: GPL-3.0-or-later */
/* With a pause bound far above what the pass needs (60 s), one pass
   compacts the heap of sparse-pages.h and does not stop early. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" "ANCHORAGE_MAX_PAUSE=60000" } */
/* { dg-output "^moved 1792 objects 28\ncompacted 1 extent given back 196608\nintact 1\npasses 1 stopped early 0\n$" } */
#include "sparse-pages.h"

int main (void)
{
  sparse_pages_build ();
  sparse_pages_defragment ();
  return 0;
}
