/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/instrumented-lib.c: a shared library compiled by alaska-gcc
   (instrumented-library.exp), loaded with dlopen: its functions are
   instrumented code outside the main program, which the trampoline of
   indirect calls passes handles to as they are.  */
#include <stdint.h>
#include <string.h>

int ilib_saw_handle;

size_t ilib_len (const char *s)
{
  ilib_saw_handle = (uintptr_t) s >> 63;
  return strlen (s);
}

/* Calls f, a function of the program or of the C library, with s.  */
size_t ilib_call (size_t (*f) (const char *), const char *s)
{
  return f (s);
}
