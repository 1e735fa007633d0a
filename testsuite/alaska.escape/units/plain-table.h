/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-table.h: the table of functions of units/plain-table.c.  */
#include <stddef.h>
struct plain_table
{
  size_t (*length) (const char *);
  int (*is_raw) (const void *);             /* 1 for anything but a handle */
  void (*apply) (void (*fn) (char *), char *s);   /* fn (s) */
  void (*fill) (char *dst, const char *src, int n, int c);
  long (*sum8) (long *, long *, long *, long *, long *, long *, long *, long *);
  void (*hold) (const char *s);             /* keeps s */
  size_t (*held_length) (void);             /* strlen of what it keeps */
};
const struct plain_table *plain_table (void);
