/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska-gcc --alaska-service=malloc links without Anchorage: the malloc
   service is the default. */
/* { dg-do run } */
/* { dg-options "--alaska-service=malloc" } */
/* { dg-output "^service malloc handle 1\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  void *p = malloc (10);
  printf ("service %s handle %d\n", alaska_current_service ()->name, alaska_is_handle (p));
  free (p);
  return 0;
}
