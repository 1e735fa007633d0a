/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-userdata.c: a library built by plain gcc that keeps a
   pointer of the program and gives it back in each of the ways libraries
   do: as a result, through a pointer argument, and through a variadic one
   (libcurl's CURLOPT_PRIVATE and curl_easy_getinfo). */
#include <stdarg.h>
#include "plain-userdata.h"

static void *kept;

void plain_set_userdata (void *p)
{
  kept = p;
}

void *plain_userdata (void)
{
  return kept;
}

void plain_get_userdata (void **out)
{
  *out = kept;
}

int plain_getv (int what, ...)
{
  va_list ap;
  va_start (ap, what);
  if (what == 1)
    *va_arg (ap, void **) = kept;
  va_end (ap);
  return what == 1 ? 0 : -1;
}
