/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ANCHORAGE_CONTROL=off: no control loop thread; main's is the only one. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=off" } */
/* { dg-output "^threads 1\n$" } */
#include <stdlib.h>
#include "thread-count.h"
int main (void)
{
  free (malloc (1));
  printf ("threads %d\n", thread_count ());
  return 0;
}
