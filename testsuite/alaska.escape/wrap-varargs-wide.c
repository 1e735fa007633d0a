/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The wide va_list functions (vswprintf, vfwprintf, vswscanf, ...) read
   handles inside the va_list as the narrow ones do: a program's own
   variadic functions hand them heap strings, narrow (%s) and wide (%ls),
   and heap targets for scanf, past the six register arguments too, with a
   non-ASCII character in the format.  With _FORTIFY_SOURCE the same goes
   through __vswprintf_chk and friends. */
/* { dg-do run } */
/* { dg-output "^swprintf \\\[hello\\\] \[^<\]+<wide> 15\nmany a b c d e f g h\nswscanf 3 42 word wide\nfwprintf hello wide\n$" } */
#define _GNU_SOURCE
#ifdef __OPTIMIZE__
# define _FORTIFY_SOURCE 2
#endif
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

static int my_swprintf (wchar_t *buf, size_t n, const wchar_t *f, ...)
{
  va_list ap;
  va_start (ap, f);
  int r = vswprintf (buf, n, f, ap);
  va_end (ap);
  return r;
}

static int my_swscanf (const wchar_t *in, const wchar_t *f, ...)
{
  va_list ap;
  va_start (ap, f);
  int r = vswscanf (in, f, ap);
  va_end (ap);
  return r;
}

static void my_fwprintf (FILE *fp, const wchar_t *f, ...)
{
  va_list ap;
  va_start (ap, f);
  vfwprintf (fp, f, ap);
  va_end (ap);
}

int main (void)
{
  setlocale (LC_ALL, "C.UTF-8");      /* built into glibc: the format's e-acute prints */
  wchar_t *buf = malloc (128 * sizeof *buf);
  char *s = strdup ("hello");
  wchar_t *w = wcsdup (L"wide");
  int n = my_swprintf (buf, 128, L"[%s] \u00e9<%ls>", s, w);
  printf ("swprintf %ls %d\n", buf, n);

  char *v[8];
  for (int i = 0; i < 8; i++)
    {
      v[i] = strdup ("a");
      v[i][0] += i;
    }
  my_swprintf (buf, 128, L"%s %s %s %s %s %s %s %s", v[0], v[1], v[2], v[3], v[4], v[5],
               v[6], v[7]);
  printf ("many %ls\n", buf);

  int *i = malloc (sizeof *i);
  char *word = calloc (1, 16);
  wchar_t *wword = calloc (16, sizeof *wword);
  n = my_swscanf (L"42 word wide", L"%d %15s %15ls", i, word, wword);
  printf ("swscanf %d %d %s %ls\n", n, *i, word, wword);
  fflush (stdout);

  FILE *out = fdopen (dup (1), "w");
  my_fwprintf (out, L"fwprintf %s %ls\n", s, w);
  fclose (out);
  return 0;
}
