/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The address of a variadic C library function with a va_list version is
   a variadic thunk that calls the va_list version's wrapper in libalaska:
   printf, snprintf, sscanf (__isoc99_sscanf under -std=c99), asprintf and
   fprintf, called through pointers from a function body and a static
   initializer, read and write heap strings given as handles.  The first
   plugin left these addresses alone, and printf got the handle: SIGSEGV. */
/* { dg-do run } */
/* { dg-options "-std=c99 -D_GNU_SOURCE" } */
/* { dg-output "^heap 5\n\\\[heap\\\] 6\n42 abc 2\nasprintf <heap> 6\nheap!\nsame 1\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*fprintf_fn) (FILE *, const char *, ...);
static fprintf_fn volatile to_file = fprintf;

int main (void)
{
  int (*pf) (const char *, ...) = printf;
  int (*spf) (char *, size_t, const char *, ...) = snprintf;
  int (*ssf) (const char *, const char *, ...) = sscanf;
  int (*apf) (char **, const char *, ...) = asprintf;
  char *h = malloc (32);
  strcpy (h, "heap");
  if (!alaska_is_handle (h))
    return 1;
  pf ("%s %d\n", h, 5);
  char *buf = malloc (64);
  int n = spf (buf, 64, "[%s]", h);
  printf ("%s %d\n", buf, n);
  int x = 0;
  char *word = malloc (16);
  n = ssf ("42 abc", "%d %15s", &x, word);
  printf ("%d %s %d\n", x, word, n);
  char **out = malloc (sizeof *out);
  n = apf (out, "<%s>", h);
  printf ("asprintf %s %d\n", *out, n);
  to_file (stdout, "%s!\n", h);
  int (*again) (const char *, ...) = printf;
  printf ("same %d\n", again == pf);
  return 0;
}
