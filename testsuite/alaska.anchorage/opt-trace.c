/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ANCHORAGE_TRACE names a file that gets a CSV header and one line per
   control-loop step; a file that cannot be opened is an error naming it. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_TRACE=/nonexistent-dir/trace.csv" } */
/* { dg-exit-status 1 } */
/* { dg-output "^anchorage: error: cannot open ANCHORAGE_TRACE file '/nonexistent-dir/trace.csv': No such file or directory\n$" } */
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  return 0;
}
