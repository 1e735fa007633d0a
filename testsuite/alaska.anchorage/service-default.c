/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska-gcc links Anchorage and makes it the service; ALASKA_SERVICE=malloc
   still picks the malloc service at run time (see service-malloc.c for the
   driver option). */
/* { dg-do run } */
/* { dg-output "^service anchorage handle 1 stats 0\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <stdio.h>
#include <stdlib.h>
int main (void)
{
  void *p = malloc (10);
  struct anchorage_stats st = { .size = sizeof st };
  printf ("service %s handle %d stats %d\n", alaska_current_service ()->name,
          alaska_is_handle (p), anchorage_stats_get (&st));
  free (p);
  return 0;
}
