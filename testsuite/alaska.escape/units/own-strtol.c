/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/own-strtol.c: the program's own strtol (for link-own-wrapped.c),
   compiled by the plugin like the rest of the program: it tells whether
   it was given a handle, and reads digits until a '.'.  */
#include <stdint.h>
#include <stdlib.h>

int own_strtol_saw_handle;

long strtol (const char *s, char **end, int base)
{
  own_strtol_saw_handle = (uintptr_t) s >> 63;
  long v = 0;
  while (*s && *s != '.')
    v = v * base + (*s++ - '0');
  if (end)
    *end = (char *) s;
  return v;
}
