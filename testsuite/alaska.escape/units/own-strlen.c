/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program's own strlen: counts the handles it is given. */
#include <stdint.h>
#include "own-strlen.h"

int own_strlen_handles;

size_t strlen (const char *s)
{
  size_t n = 0;
  if ((uintptr_t) s >> 63)
    own_strlen_handles++;
  while (s[n])
    n++;
  return n;
}
