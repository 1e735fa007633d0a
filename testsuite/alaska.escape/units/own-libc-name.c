/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program's own strlen and globfree: count the handles they are given. */
#include <stdint.h>
#include <stdlib.h>
#include "own-libc-name.h"

int own_strlen_handles, own_globfree_handles;

unsigned long strlen (const char *s)
{
  unsigned long n = 0;
  if ((uintptr_t) s >> 63)
    own_strlen_handles++;
  while (s[n])
    n++;
  return n;
}

void globfree (my_glob_t *g)
{
  for (unsigned long i = 0; i < g->gl_pathc; i++)
    {
      own_globfree_handles += (uintptr_t) g->gl_pathv[i] >> 63;
      free (g->gl_pathv[i]);
    }
  free (g->gl_pathv);
}
