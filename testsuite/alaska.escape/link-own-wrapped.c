/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program defines strtol itself, in another unit; libalaska wraps the
   C library's strtol, and the plugin sends this unit's calls (declared by
   <stdlib.h>) to the wrapper.  alaska-gcc's link sees that an instrumented
   object defines strtol, and the calls reach the program's own, with
   their handles (it is instrumented): it stops at '.', the C library's
   would not, and it returns the end pointer as a handle into the
   string.  */
/* { dg-do run } */
/* { dg-additional-sources "units/own-strtol.c" } */
/* { dg-output "^own 123 handle 1 rest .45\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern int own_strtol_saw_handle;

int main (void)
{
  char *s = strdup ("123.45"), *end;
  long v = strtol (s, &end, 10);
  printf ("own %ld handle %d rest %s\n", v, own_strtol_saw_handle, end);
  free (s);
  return 0;
}
