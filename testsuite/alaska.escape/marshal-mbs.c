/* SPDX-License-Identifier: GPL-3.0-or-later */
/* mbsrtowcs and wcsrtombs read and advance their source through a slot:
   a malloc'd multibyte string converted three wide characters at a time,
   and the malloc'd wide result converted back four bytes at a time, with
   every unpinned object moved between calls.  The source cursor stays a
   handle into its string until the conversion reaches the terminator and
   sets it to null. */
/* { dg-do run } */
/* { dg-output "^wide: 3 at 4 1, 3 at 8 1, 3 at 14 1, 3 at 17 1, 0 at -1 0, total 12\n" } */
/* { dg-output "back: 4 at 3 1, 4 at 6 1, 4 at 8 1, 4 at 11 1, 1 at -1 0, same 1\n$" } */
#include <alaska.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

int main (void)
{
  if (!setlocale (LC_ALL, "C.UTF-8"))
    return 1;
  const char *text = "gr\xc3\xbc\xc3\x9f" "e \xd0\xbc\xd0\xb8\xd1\x80 ok";
  char *s = strdup (text);
  wchar_t *w = malloc (32 * sizeof *w);
  const char *src = s;
  mbstate_t st;
  memset (&st, 0, sizeof st);
  size_t total = 0;
  printf ("wide:");
  while (src)
    {
      size_t n = mbsrtowcs (w + total, &src, 3, &st);
      if (n == (size_t) -1)
        return 2;
      total += n;
      printf (" %zu at %ld %d,", n, src ? (long) (src - s) : -1L, alaska_is_handle (src));
      alaska_barrier ();
    }
  printf (" total %zu\n", total);

  char *back = malloc (64);
  const wchar_t *wsrc = w;
  size_t len = 0;
  memset (&st, 0, sizeof st);
  printf ("back:");
  while (wsrc)
    {
      size_t n = wcsrtombs (back + len, &wsrc, 4, &st);
      if (n == (size_t) -1)
        return 3;
      len += n;
      printf (" %zu at %ld %d,", n, wsrc ? (long) (wsrc - w) : -1L, alaska_is_handle (wsrc));
      alaska_barrier ();
    }
  printf (" same %d\n", len == strlen (text) && !strcmp (back, text));
  free (back), free (w), free (s);
  return 0;
}
