/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-hooks.c: compiled by plain gcc (dg-plain-sources): it writes
   through what the program's hooks return, gives it back to them to
   resize and free, and cannot read through a handle. */
#include <string.h>
#include "plain-hooks.h"

static void *(*alloc_hook) (size_t);
static void *(*resize_hook) (void *, size_t);
static void (*release_hook) (void *);

void plain_set_hooks (void *(*alloc) (size_t), void *(*resize) (void *, size_t),
                      void (*release) (void *))
{
  alloc_hook = alloc;
  resize_hook = resize;
  release_hook = release;
}

/* s twice, in memory from the hooks: allocated for s, then resized. */
char *plain_twice (const char *s)
{
  size_t n = strlen (s);
  char *p = alloc_hook (n + 1);
  memcpy (p, s, n + 1);
  p = resize_hook (p, 2 * n + 1);
  memcpy (p + n, s, n + 1);
  return p;
}

void plain_release (char *p)
{
  release_hook (p);
}
