/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An ANCHORAGE_TRACE file that cannot be opened is reported, naming the
   variable and the file; the program runs without a trace. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_TRACE=/nonexistent-dir/trace.csv" } */
/* { dg-output "^anchorage: warning: cannot open ANCHORAGE_TRACE file '/nonexistent-dir/trace.csv': No such file or directory; not tracing\n" } */
/* { dg-output "main ran\n$" } */
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  free (malloc (1));
  printf ("main ran\n");
  return 0;
}
