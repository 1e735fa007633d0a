/* SPDX-License-Identifier: MIT */
/* runtime-assert.c: what a failed ALASKA_ASSERT does (runtime-assert.h).
 * Compiled into both libalaska and libanchorage. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "runtime-assert.h"

void runtime_assert_failed(const char *who, const char *cond, const char *fn,
                           const char *file, int line)
{
  char buf[512];
  int n = snprintf(buf, sizeof buf, "%s: assertion failed: %s in %s (%s:%d)\n",
                   who, cond, fn, file, line);
  if (n > (int) sizeof buf - 1)
    n = (int) sizeof buf - 1;
  if (n > 0 && write(STDERR_FILENO, buf, (size_t) n) < 0)
    abort();
  abort();
}
