/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ctype and errno through the C library's own pointers, untranslated
   (dump-libc-memory.c), on characters of heap strings: the counts and the
   case-folded copy are right.  */
/* { dg-do run } */
/* { dg-output "^alpha 13 digit 4 upper 3 space 3\nhello world 2026 abc\nerrno 34 34\n$" } */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  char *s = strdup ("Hello World 2026 aBc");
  int alpha = 0, digit = 0, upper = 0, space = 0;
  for (char *p = s; *p; p++)
    {
      alpha += isalpha ((unsigned char) *p) != 0;
      digit += isdigit ((unsigned char) *p) != 0;
      upper += isupper ((unsigned char) *p) != 0;
      space += isspace ((unsigned char) *p) != 0;
      *p = tolower ((unsigned char) *p);
    }
  printf ("alpha %d digit %d upper %d space %d\n%s\n", alpha, digit, upper, space, s);
  int *saved = malloc (sizeof *saved);
  errno = 0;
  strtol ("99999999999999999999999", NULL, 10);
  *saved = errno;
  printf ("errno %d %d\n", *saved, errno);
  free (saved);
  free (s);
  return 0;
}
