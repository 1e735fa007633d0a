/* SPDX-License-Identifier: MIT */
/* options.c: libalaska's option table.  Every run-time option is one row
 * here, read once at start-up from the environment variable ALASKA_<NAME>
 * (env-options.c: an invalid value is reported, naming the variable, and
 * the default kept), and libalaska's diagnostics. */
#include <stdarg.h>
#include <stdlib.h>
#include "env-options.h"
#include "internal.h"

static struct env_option options[ALASKA_OPT__COUNT] = {
  [ALASKA_OPT_STATS]   = { "STATS", ENV_BOOL, 0, 0, 1, NULL,
                           "print statistics on stderr at exit", 0 },
  [ALASKA_OPT_SERVICE] = { "SERVICE", ENV_NAME, 0, 0, 0, NULL,
                           "service that owns backing memory (unset: a linked "
                           "service library's default, else malloc)", 0 },
  [ALASKA_OPT_VERBOSE] = { "VERBOSE", ENV_BOOL, 0, 0, 1, NULL,
                           "report start-up decisions on stderr", 0 },
  [ALASKA_OPT_LINK_CHECK] = { "LINK_CHECK", ENV_BOOL, 1, 0, 1, NULL,
                           "warn about functions assumed instrumented but not", 0 },
  [ALASKA_OPT_STRESS] = { "STRESS", ENV_INT, 0, 0, 60000, NULL,
                           "run a barrier every N milliseconds (0: never)", 0 },
  [ALASKA_OPT_BARRIER_TIMEOUT] = { "BARRIER_TIMEOUT", ENV_INT, 60000, 1, 600000, NULL,
                           "milliseconds alaska_barrier() keeps trying to stop "
                           "the threads", 0 },
  [ALASKA_OPT_HEAP_SIZE] = { "HEAP_SIZE", ENV_SIZE, 0, 1ull << 30,
                           (double) (ALASKA_BACKING_LIMIT - ALASKA_BACKING_BASE), NULL,
                           "address space the backing region reserves, in bytes with an "
                           "optional K, M, G or T suffix (unset: 4T, or 4 times the "
                           "physical memory if more)", 0 },
};

void alaska_warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  env_say("alaska: ", fmt, ap);
  va_end(ap);
}

void alaska_fatal(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  env_say("alaska: ", fmt, ap);
  va_end(ap);
  abort();
}

void alaska_options_init(void)
{
  env_options_read(options, ALASKA_OPT__COUNT, "ALASKA_", "alaska: warning: ");
}

long alaska_option_long(enum alaska_option_id id)
{
  return (long) options[id].value;
}

const char *alaska_option_string(enum alaska_option_id id)
{
  return options[id].string;
}
