/* SPDX-License-Identifier: MIT */
/* va-format.c: translation of the pointer arguments inside a va_list.
 *
 * A program's own variadic function (Redis's sdscatprintf, a log helper)
 * may hand its va_list to libc's vsnprintf or vsscanf.  The handles in it
 * were passed to instrumented code, so nobody translated them.  Before
 * such a call, the wrappers (wrappers-varargs.c) walk the format the way
 * libc will, find the argument slot of every pointer that libc will
 * dereference (printf's %s, %ls and %n; every scanf conversion), and
 * replace the handle in that slot with its translation.  %p is not: printf
 * only prints its value, which must be the handle the program holds -- the
 * plugin leaves the %p arguments of printf called directly alone too -- so
 * that a pointer prints the same however often its object moves, and
 * scanf's %p reads it back as that handle.  The va_list is
 * the SysV x86-64 one: a cursor into the variadic function's register save
 * area and its stack arguments, both memory the wrapper may rewrite.
 * Other arguments are left alone.  The wide functions' formats (vfwprintf,
 * vswscanf) are walked as a narrow copy: their conversions are ASCII.
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "internal.h"

#if !defined(__x86_64__)
#error "va-format.c knows the SysV x86-64 va_list only"
#endif

/* The layout of __builtin_va_list's element on x86-64 (SysV ABI 3.5.7). */
struct va_cursor {
  unsigned gp_offset;           /* next general register slot, < 48 */
  unsigned fp_offset;           /* next SSE register slot, < 176 */
  char *overflow_arg_area;      /* next stack argument */
  char *reg_save_area;
};

enum arg_class { ARG_NONE, ARG_INT, ARG_DOUBLE, ARG_LONG_DOUBLE, ARG_PTR };

#define MAX_ARGS 128            /* positional arguments glibc allows: NL_ARGMAX */

/* The address of the next argument of class c, advancing the cursor. */
static void **next_slot(struct va_cursor *c, enum arg_class k)
{
  char *slot;
  switch (k) {
  case ARG_DOUBLE:
    if (c->fp_offset < 176) {
      slot = c->reg_save_area + c->fp_offset;
      c->fp_offset += 16;
      return (void **) slot;
    }
    slot = c->overflow_arg_area;
    c->overflow_arg_area += 8;
    return (void **) slot;
  case ARG_LONG_DOUBLE:
    slot = (char *) (((uintptr_t) c->overflow_arg_area + 15) & ~(uintptr_t) 15);
    c->overflow_arg_area = slot + 16;
    return (void **) slot;
  default:
    if (c->gp_offset < 48) {
      slot = c->reg_save_area + c->gp_offset;
      c->gp_offset += 8;
      return (void **) slot;
    }
    slot = c->overflow_arg_area;
    c->overflow_arg_area += 8;
    return (void **) slot;
  }
}

/* Walk the arguments of classes cls[0..n) from ap, translating pointers. */
static void translate_args(va_list ap, const enum arg_class *cls, int n)
{
  struct va_cursor c = *(struct va_cursor *) ap;
  for (int i = 0; i < n; i++) {
    if (cls[i] == ARG_NONE)
      return;                   /* a gap in positional arguments: stop */
    void **slot = next_slot(&c, cls[i]);
    if (cls[i] == ARG_PTR && alaska_is_handle(*slot))
      *slot = alaska_wrapper_pin(*slot);
  }
}

/* Record argument `pos' (1-based if positional, else the next one). */
static int record(enum arg_class *cls, int *n, int pos, enum arg_class k)
{
  int i = pos > 0 ? pos - 1 : *n;
  if (i >= MAX_ARGS)
    return -1;
  cls[i] = k;
  if (i + 1 > *n)
    *n = i + 1;
  return 0;
}

/* "123$" at *p: the position, advancing p; 0 if there is none. */
static int position(const char **p)
{
  const char *s = *p;
  int v = 0;
  while (*s >= '0' && *s <= '9')
    v = v * 10 + (*s++ - '0');
  if (s == *p || *s != '$')
    return 0;
  *p = s + 1;
  return v;
}

/* The next conversion from p on ("%%" is not one): the character after
 * its '%' and, in *pos, its "n$" position (0: none); NULL at the end. */
static const char *next_spec(const char *p, int *pos)
{
  for (; *p; p++) {
    if (*p != '%')
      continue;
    if (p[1] == '%') {
      p++;
      continue;
    }
    p++;
    *pos = position(&p);
    return p;
  }
  return NULL;
}

void alaska_va_translate_printf(const char *fmt, va_list ap)
{
  enum arg_class cls[MAX_ARGS] = { ARG_NONE };
  int n = 0, pos;
  for (const char *p = fmt; (p = next_spec(p, &pos)); p++) {
    while (*p && strchr("-+ #0'I", *p))
      p++;
    if (*p == '*') {            /* width from an argument */
      p++;
      if (record(cls, &n, position(&p), ARG_INT))
        return;
    }
    while (*p >= '0' && *p <= '9')
      p++;
    if (*p == '.') {
      p++;
      if (*p == '*') {
        p++;
        if (record(cls, &n, position(&p), ARG_INT))
          return;
      }
      while (*p >= '0' && *p <= '9')
        p++;
    }
    int big = 0;                /* L or ll/q on a floating conversion */
    while (*p && strchr("hlLqjzt", *p)) {
      if (*p == 'L' || *p == 'q')
        big = 1;
      p++;
    }
    enum arg_class k;
    switch (*p) {
    case 's': case 'S': case 'n':
      k = ARG_PTR; break;
    case 'e': case 'E': case 'f': case 'F': case 'g': case 'G': case 'a': case 'A':
      k = big ? ARG_LONG_DOUBLE : ARG_DOUBLE; break;
    case 'm':
      continue;                 /* strerror (errno): no argument */
    case '\0':
      p--;                      /* the loop's p++ then sees the end */
      continue;
    default:
      k = ARG_INT; break;       /* d i o u x X c C and unknown ones */
    }
    if (record(cls, &n, pos, k))
      return;
  }
  translate_args(ap, cls, n);
}

void alaska_va_translate_scanf(const char *fmt, va_list ap)
{
  enum arg_class cls[MAX_ARGS] = { ARG_NONE };
  int n = 0, pos;
  for (const char *p = fmt; (p = next_spec(p, &pos)); p++) {
    int suppressed = *p == '*';
    if (suppressed)
      p++;
    while ((*p >= '0' && *p <= '9') || (*p && strchr("hlLqjztm'", *p)))
      p++;
    if (*p == '[') {            /* a scanset: ']' first is a member */
      p++;
      if (*p == '^')
        p++;
      if (*p == ']')
        p++;
      while (*p && *p != ']')
        p++;
    }
    if (!*p) {
      p--;
      continue;
    }
    if (!suppressed && record(cls, &n, pos, ARG_PTR))
      return;
  }
  translate_args(ap, cls, n);
}

/* A narrow copy of wide format fmt, each character that is not ASCII
 * replaced by 'x' (no conversion character); NULL without memory. */
static char *narrow(const wchar_t *fmt)
{
  size_t n = wcslen(fmt);
  char *s = malloc(n + 1);
  if (!s)
    return NULL;
  for (size_t i = 0; i <= n; i++)
    s[i] = fmt[i] >= 0 && fmt[i] < 0x80 ? (char) fmt[i] : 'x';
  return s;
}

/* A wide format, walked as its narrow copy by `walk'. */
static void translate_wide(const wchar_t *fmt, va_list ap, const char *kind,
                           void (*walk)(const char *, va_list))
{
  char *f = narrow(fmt);
  if (!f)
    alaska_fatal("no memory to read the format of a wide %s function", kind);
  walk(f, ap);
  free(f);
}

void alaska_va_translate_wprintf(const wchar_t *fmt, va_list ap)
{
  translate_wide(fmt, ap, "printf", alaska_va_translate_printf);
}

void alaska_va_translate_wscanf(const wchar_t *fmt, va_list ap)
{
  translate_wide(fmt, ap, "scanf", alaska_va_translate_scanf);
}
