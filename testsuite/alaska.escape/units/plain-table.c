/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-table.c: a shared library built by plain gcc
   (dg-plain-library) that hands out a table of its functions, as a PAM
   or NSS module, a Lua C module or a server module loaded with dlopen
   does.  The program reaches them only through function pointers.  */
#include <string.h>
#include "plain-table.h"

static size_t length (const char *s)
{
  return strlen (s);
}

static int is_raw (const void *p)
{
  return (long) p >= 0;
}

static void apply (void (*fn) (char *), char *s)
{
  fn (s);
}

static void fill (char *dst, const char *src, int n, int c)
{
  memset (dst, c, n);
  memcpy (dst, src, strlen (src));
}

static long sum8 (long *a, long *b, long *c, long *d, long *e, long *f, long *g, long *h)
{
  return *a + *b + *c + *d + *e + *f + *g + *h;
}

/* Keeps s, as a library keeps a callback's user data.  */
static const char *held;

static void hold (const char *s)
{
  held = s;
}

static size_t held_length (void)
{
  return strlen (held);
}

static const struct plain_table table = { length, is_raw, apply, fill, sum8, hold, held_length };

const struct plain_table *plain_table (void)
{
  return &table;
}
