/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hstrdup and hstrndup copy strings (also from a handle) into new handles. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^strdup 1 \\\[hello, alaska\\\]\nstrdup-handle 1 1 \\\[hello, alaska\\\]\n" } */
/* { dg-output "strndup 1 \\\[hello\\\] 6\nstrndup-long \\\[abc\\\]\nstrndup-handle \\\[lo, \\\]\nempty 1 \\\[\\\]\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <string.h>

#define T(h) ((char *) alaska_translate(h))

int main(void)
{
  const char *s = "hello, alaska";
  char *d = hstrdup(s);
  printf("strdup %d [%s]\n", alaska_is_handle(d), T(d));

  char *d2 = hstrdup(d);               /* the source is a handle */
  printf("strdup-handle %d %d [%s]\n", alaska_is_handle(d2), d2 != d, T(d2));

  char *n = hstrndup(s, 5);
  printf("strndup %d [%s] %zu\n", alaska_is_handle(n), T(n), strlen(T(n)) + 1);
  char *n2 = hstrndup("abc", 100);
  printf("strndup-long [%s]\n", T(n2));
  char *n3 = hstrndup(d + 3, 4);       /* a handle with an offset */
  printf("strndup-handle [%s]\n", T(n3));
  char *e = hstrdup("");
  printf("empty %d [%s]\n", alaska_is_handle(e), T(e));

  hfree(d);
  hfree(d2);
  hfree(n);
  hfree(n2);
  hfree(n3);
  hfree(e);
  return 0;
}
