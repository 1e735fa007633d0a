/* SPDX-License-Identifier: MIT */
/* runtime-assert.h: ALASKA_ASSERT, the checks of the runtime's invariants
 * (handle table, pin sets, barrier states, Anchorage's free lists).  They
 * are on in a debug build (configure --enable-debug defines ALASKA_DEBUG):
 * a failed check writes "<library>: assertion failed: COND in FUNCTION
 * (FILE:LINE)" on stderr with write(2) -- async-signal-safe, as the
 * barrier's handlers need -- and aborts.  Otherwise the condition is
 * type-checked and never evaluated.  Each library defines RUNTIME_NAME. */
#ifndef ALASKA_RUNTIME_ASSERT_H
#define ALASKA_RUNTIME_ASSERT_H

void runtime_assert_failed(const char *who, const char *cond, const char *fn,
                           const char *file, int line)
  __attribute__((noreturn, cold));

#ifdef ALASKA_DEBUG
#define ALASKA_ASSERT(cond)                                                \
  (__builtin_expect(!!(cond), 1) ? (void) 0                                \
   : runtime_assert_failed(RUNTIME_NAME, #cond, __func__, __FILE__, __LINE__))
#else
#define ALASKA_ASSERT(cond) ((void) sizeof (!(cond)))
#endif

#endif
