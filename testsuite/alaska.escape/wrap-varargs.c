/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program's own variadic functions hand their va_list to libc (vsnprintf,
   vfprintf, vasprintf, vsscanf, ... as Redis's sdscatprintf does): the
   handles inside the va_list are translated where libc dereferences them
   (%s, %n, scanf targets) -- also past the six register arguments, with
   positional arguments, '*' widths and long doubles around them -- and %p
   prints what printf called directly prints.  With _FORTIFY_SOURCE the
   same goes through __vsnprintf_chk and friends. */
/* { dg-do run } */
/* { dg-output "^snprintf \\\[hello\\\] 5\nmany a b c d e f g h 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5 10.5 x\npositional \\\[world\\\]\\\[hello\\\] \\\[  hello\\\]\nlong double 0.25 hello\nn 5\npointer 1\nasprintf 0 hello!\nsscanf 3 42 word 1.5\nheap va_list <world>\nfprintf hello\n$" } */
#define _GNU_SOURCE
#ifdef __OPTIMIZE__
#define _FORTIFY_SOURCE 2
#endif
#include <alaska.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__ ((noipa, format (printf, 3, 4)))
static int fmt (char *buf, size_t n, const char *f, ...)
{
  va_list ap;
  va_start (ap, f);
  int r = vsnprintf (buf, n, f, ap);
  va_end (ap);
  return r;
}

/* The va_list itself in a heap object (as gcc.c-torture's va-arg-21). */
__attribute__ ((noipa, format (printf, 3, 4)))
static int fmt_heap_va (char *buf, size_t n, const char *f, ...)
{
  va_list *ap = malloc (sizeof *ap);
  va_start (*ap, f);
  int r = vsnprintf (buf, n, f, *ap);
  va_end (*ap);
  free (ap);
  return r;
}

__attribute__ ((noipa, format (printf, 2, 3)))
static char *fmt_alloc (int unused, const char *f, ...)
{
  (void) unused;
  va_list ap;
  char *s;
  va_start (ap, f);
  if (vasprintf (&s, f, ap) < 0)
    s = NULL;
  va_end (ap);
  return s;
}

__attribute__ ((noipa, format (scanf, 2, 3)))
static int scan (const char *in, const char *f, ...)
{
  va_list ap;
  va_start (ap, f);
  int r = vsscanf (in, f, ap);
  va_end (ap);
  return r;
}

__attribute__ ((noipa, format (printf, 2, 3)))
static void out (FILE *fp, const char *f, ...)
{
  va_list ap;
  va_start (ap, f);
  vfprintf (fp, f, ap);
  va_end (ap);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *hello = strdup ("hello"), *world = strdup ("world");
  char *buf = malloc (256);          /* the destination is a handle too */
  int r = fmt (buf, 256, "[%s]", hello);
  printf ("snprintf %s %d\n", buf, r - 2);

  char *s[8];
  for (int i = 0; i < 8; i++)
    {
      s[i] = malloc (2);
      s[i][0] = 'a' + i, s[i][1] = 0;
    }
  fmt (buf, 256, "%s %s %s %s %s %s %s %s %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %s",
       s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7],
       1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, "x");
  printf ("many %s\n", buf);

  fmt (buf, 256, "[%2$s][%1$s] [%3$*4$s]", hello, world, hello, 7);
  printf ("positional %s\n", buf);
  fmt (buf, 256, "%Lg %s", (long double) 0.25, hello);
  printf ("long double %s\n", buf);

  int *count = malloc (sizeof *count);
  fmt (buf, 256, "%s%n", hello, count);
  printf ("n %d\n", *count);

  char expect[64];
  snprintf (expect, sizeof expect, "%p", (void *) hello);
  fmt (buf, 256, "%p", (void *) hello);
  printf ("pointer %d\n", strcmp (buf, expect) == 0);

  char *a = fmt_alloc (0, "%s!", hello);
  printf ("asprintf %d %s\n", alaska_is_handle (a), a);
  free (a);

  int *num = malloc (sizeof *num);
  char *word = malloc (16);
  double *d = malloc (sizeof *d);
  int got = scan ("42 word 1.5", "%d %15s %lf", num, word, d);
  printf ("sscanf %d %d %s %.1f\n", got, *num, word, *d);

  fmt_heap_va (buf, 256, "<%s>", world);
  printf ("heap va_list %s\n", buf);

  printf ("fprintf ");
  out (stdout, "%s\n", hello);
  return 0;
}
