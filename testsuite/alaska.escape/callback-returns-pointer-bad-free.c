/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An address in the handles' region that is not the start of an exported
   or kept object, given to free, is reported by name instead of reaching the C
   library's free. */
/* { dg-do run } */
/* { dg-options "-Wall -fplugin-arg-alaska-external=plain_set_hooks,plain_twice,plain_release" } */
/* { dg-plain-sources "units/plain-hooks.c" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^abab\nalaska: free\\(0x\[0-9a-f\]+\\): an address in the region of handles' memory that is not the start of an object the program gave to or returned to another library\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include "units/plain-hooks.h"

static void *my_alloc (size_t n) { return malloc (n); }
static void *my_resize (void *p, size_t n) { return realloc (p, n); }
static void my_release (void *p) { free (p); }

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  plain_set_hooks (my_alloc, my_resize, my_release);
  char *s = plain_twice ("ab");
  printf ("%s\n", s);
  plain_release (s + 1);
  return 0;
}
