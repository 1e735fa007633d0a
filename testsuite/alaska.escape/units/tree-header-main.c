/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Passes a malloc'd string (a handle) to the program's own function that
   <tree-header.h> declares, and says how many handles it received
   (build-tree-header.exp).  */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tree-header.h>

int main (void)
{
  char *s = malloc (32);
  strcpy (s, "a build-tree header");
  size_t n = own_length (s);
  printf ("length %zu, handles given %d\n", n, own_length_handles);
  free (s);
  return 0;
}
