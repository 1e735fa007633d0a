/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An invalid ANCHORAGE_CONTROL is reported, naming the variable; the
   default (on) is kept: the control loop's thread runs beside main's. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=maybe" } */
/* { dg-output "^anchorage: warning: ignoring invalid value 'maybe' of ANCHORAGE_CONTROL \\(expected 1/0, yes/no, true/false or on/off\\)\n" } */
/* { dg-output "threads 2\n$" } */
#include <stdlib.h>
#include "thread-count.h"
int main (void)
{
  free (malloc (1));
  printf ("threads %d\n", thread_count ());
  return 0;
}
