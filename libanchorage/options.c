/* SPDX-License-Identifier: MIT */
/* options.c: Anchorage's option table.  Every tuning knob is one row,
 * read once at start-up from the environment variable ANCHORAGE_<NAME>
 * with libalaska's option reader (env-options.c): an invalid value, or a
 * pair of bounds in the wrong order, is reported with a message naming
 * the variables, the defaults are kept and the program goes on.
 * anchorage(7) documents the table. */
#include <stdarg.h>
#include "env-options.h"
#include "internal.h"

static struct env_option options[OPT__COUNT] = {
  [OPT_FRAG_LB]        = { "FRAG_LB", ENV_REAL, 1.10, 1, 1e6, NULL,
                           "fragmentation at which defragmenting stops", 0 },
  [OPT_FRAG_UB]        = { "FRAG_UB", ENV_REAL, 1.25, 1, 1e6, NULL,
                           "fragmentation above which defragmenting starts", 0 },
  [OPT_OVERHEAD_LB]    = { "OVERHEAD_LB", ENV_REAL, 0.01, 1e-6, 1, NULL,
                           "share of time spent in passes when close to FRAG_LB", 0 },
  [OPT_OVERHEAD_UB]    = { "OVERHEAD_UB", ENV_REAL, 0.05, 1e-6, 1, NULL,
                           "largest share of time spent in passes", 0 },
  [OPT_ALPHA]          = { "ALPHA", ENV_REAL, 0.25, 1e-6, 1, NULL,
                           "largest share of the heap a pass moves", 0 },
  [OPT_CONTROL]        = { "CONTROL", ENV_BOOL, 1, 0, 1, NULL,
                           "run the control loop thread", 0 },
  [OPT_FORCE_INTERVAL] = { "FORCE_INTERVAL", ENV_INT, 0, 0, 3600000, NULL,
                           "run a pass every N ms whatever the fragmentation (0: off)", 0 },
  [OPT_PASS_LIMIT]     = { "PASS_LIMIT", ENV_INT, 0, 0, 1e15, NULL,
                           "most bytes a pass moves (0: ALPHA alone limits)", 0 },
  [OPT_MIN_EXTENT]     = { "MIN_EXTENT", ENV_INT, 8 << 20, 0, 1e15, NULL,
                           "smallest heap (bytes) the control loop defragments", 0 },
  [OPT_MAX_PAUSE]      = { "MAX_PAUSE", ENV_INT, 5, 0, 60000, NULL,
                           "longest pause (ms) a pass may cause (0: one unit of work)", 0 },
  [OPT_STATS]          = { "STATS", ENV_BOOL, 0, 0, 1, NULL,
                           "print statistics on stderr at exit", 0 },
  [OPT_TRACE]          = { "TRACE", ENV_PATH, 0, 0, 0, NULL,
                           "write a CSV line per control-loop step to this file", 0 },
};

void anchorage_warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  env_say("anchorage: warning: ", fmt, ap);
  va_end(ap);
}

/* lo must be below hi (strictly when strict): otherwise both keep their
 * defaults. */
static void check_order(enum anchorage_option_id lo, enum anchorage_option_id hi, int strict)
{
  double l = options[lo].value, h = options[hi].value;
  if (strict ? l < h : l <= h)
    return;
  env_option_reset(&options[lo]);
  env_option_reset(&options[hi]);
  anchorage_warn("ignoring ANCHORAGE_%s (%g) and ANCHORAGE_%s (%g): the first must be %s "
                 "the second; keeping %g and %g", options[lo].name, l, options[hi].name, h,
                 strict ? "below" : "at most", options[lo].value, options[hi].value);
}

void anchorage_options_init(void)
{
  env_options_read(options, OPT__COUNT, "ANCHORAGE_", "anchorage: warning: ");
  check_order(OPT_FRAG_LB, OPT_FRAG_UB, 1);
  check_order(OPT_OVERHEAD_LB, OPT_OVERHEAD_UB, 0);
}

double anchorage_option(enum anchorage_option_id id)
{
  return options[id].value;
}

const char *anchorage_option_string(enum anchorage_option_id id)
{
  return options[id].string;
}
