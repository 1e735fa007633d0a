/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ANCHORAGE_FRAG_LB must be below ANCHORAGE_FRAG_UB (hysteresis): the
   program stops at start-up with a message naming both. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_FRAG_LB=1.5" "ANCHORAGE_FRAG_UB=1.2" } */
/* { dg-exit-status 1 } */
/* { dg-output "^anchorage: error: ANCHORAGE_FRAG_LB \\(1.5\\) must be below ANCHORAGE_FRAG_UB \\(1.2\\)\n$" } */
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  return 0;
}
