/* SPDX-License-Identifier: GPL-3.0-or-later */
/* errno's location and ctype's tables are the C library's own memory:
   `errno', `isalpha (c)' and `tolower (c)' read through pointers that
   __errno_location and __ctype_b_loc return, and through the table
   pointer stored where __ctype_b_loc's result points, none of which is
   ever a handle.  They are not translated, even where GCC merges the
   table pointers of two branches; and the calls, which return at once,
   get no safepoint.  A pointer loaded from anywhere else is translated.  */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska" } */
#include <ctype.h>
#include <errno.h>

int classify (int c, int cl)
{
  int res;
  switch (tolower (cl))
    {
    case 'a': res = isalpha (c); break;
    case 'd': res = isdigit (c); break;
    default: return cl == c;
    }
  if (isupper (cl))
    res = !res;
  return res;
}

int set_errno (int e)
{
  errno = e;
  return errno;
}

extern const unsigned short **table_loc (void);

/* Not the C library's: its result and what it points to may be handles.  */
int other (int c)
{
  return (*table_loc ())[c];
}

/* { dg-final { scan-alaska-dump-fn-times classify "^alaska: classify: 0 translations" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times classify "^alaska: safepoints: 1 entry, 0 latch, 0 call$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times set_errno "^alaska: set_errno: 0 translations" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times set_errno "^alaska: safepoints: 1 entry, 0 latch, 0 call$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times other "^alaska: other: 2 translations" 1 } } */
