/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_SERVICE=malloc overrides the linked Anchorage at run time; the
   Anchorage API then says it is not in use. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^service malloc stats -1 defragment -1\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  void *p = malloc (10);
  struct anchorage_stats st = { .size = sizeof st };
  int s = anchorage_stats_get (&st);
  printf ("service %s stats %d defragment %ld\n", alaska_current_service ()->name,
          s, anchorage_defragment ());
  free (p);
  return 0;
}
