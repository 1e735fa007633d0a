/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/own-getline.c: K&R's getline (for link-own-getline.c), which the
   C library also exports under that name: read a line into s, return its
   length.  Compiled by the plugin like the rest of the program.  */
#include <stdio.h>

int getline (char s[], int lim)
{
  int c, i;
  for (i = 0; i < lim - 1 && (c = getchar ()) != EOF && c != '\n'; ++i)
    s[i] = c;
  if (c == '\n')
    s[i++] = c;
  s[i] = '\0';
  return i;
}
