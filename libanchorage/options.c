/* SPDX-License-Identifier: MIT */
/* options.c: Anchorage's option table.  Every tuning knob is one row,
 * read once at start-up from the environment variable ANCHORAGE_<NAME>.
 * An invalid value stops the program with a message naming the variable
 * and what it accepts: a program must not run with a control loop other
 * than the one asked for.  anchorage(7) documents the table. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "internal.h"

enum kind { REAL, COUNT, BOOL, PATH };

static struct option {
  const char *name;
  enum kind kind;
  double value, min, max;       /* REAL and COUNT: min <= value <= max */
  const char *string;           /* PATH */
  const char *doc;
} options[OPT__COUNT] = {
  [OPT_FRAG_LB]        = { "FRAG_LB", REAL, 1.10, 1, 1e6, NULL,
                           "fragmentation at which defragmenting stops" },
  [OPT_FRAG_UB]        = { "FRAG_UB", REAL, 1.25, 1, 1e6, NULL,
                           "fragmentation above which defragmenting starts" },
  [OPT_OVERHEAD_LB]    = { "OVERHEAD_LB", REAL, 0.01, 1e-6, 1, NULL,
                           "share of time spent in passes when close to FRAG_LB" },
  [OPT_OVERHEAD_UB]    = { "OVERHEAD_UB", REAL, 0.05, 1e-6, 1, NULL,
                           "largest share of time spent in passes" },
  [OPT_ALPHA]          = { "ALPHA", REAL, 0.25, 1e-6, 1, NULL,
                           "largest share of the heap a pass moves" },
  [OPT_CONTROL]        = { "CONTROL", BOOL, 1, 0, 1, NULL,
                           "run the control loop thread" },
  [OPT_FORCE_INTERVAL] = { "FORCE_INTERVAL", COUNT, 0, 0, 3600000, NULL,
                           "run a pass every N ms whatever the fragmentation (0: off)" },
  [OPT_PASS_LIMIT]     = { "PASS_LIMIT", COUNT, 0, 0, 1e15, NULL,
                           "most bytes a pass moves (0: ALPHA alone limits)" },
  [OPT_MIN_EXTENT]     = { "MIN_EXTENT", COUNT, 8 << 20, 0, 1e15, NULL,
                           "smallest heap (bytes) the control loop defragments" },
  [OPT_MAX_PAUSE]      = { "MAX_PAUSE", COUNT, 5, 0, 60000, NULL,
                           "longest pause (ms) a pass may cause (0: one unit of work)" },
  [OPT_STATS]          = { "STATS", BOOL, 0, 0, 1, NULL,
                           "print statistics on stderr at exit" },
  [OPT_TRACE]          = { "TRACE", PATH, 0, 0, 0, NULL,
                           "write a CSV line per control-loop step to this file" },
};

static void vsay(const char *what, const char *fmt, va_list ap)
{
  char buf[600];
  int n = snprintf(buf, sizeof buf, "anchorage: %s", what);
  n += vsnprintf(buf + n, sizeof buf - (size_t) n - 1, fmt, ap);
  if (n > (int) sizeof buf - 2)
    n = (int) sizeof buf - 2;
  buf[n++] = '\n';
  if (write(STDERR_FILENO, buf, (size_t) n) < 0)
    return;
}

void anchorage_warn(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsay("warning: ", fmt, ap);
  va_end(ap);
}

void anchorage_fatal(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vsay("error: ", fmt, ap);
  va_end(ap);
  _exit(1);
}

static int parse(struct option *o, const char *s)
{
  if (o->kind == PATH) {
    o->string = s;
    return *s ? 0 : -1;
  }
  if (o->kind == BOOL) {
    static const char *yes[] = { "1", "yes", "true", "on" }, *no[] = { "0", "no", "false", "off" };
    for (int i = 0; i < 4; i++) {
      if (!strcasecmp(s, yes[i])) { o->value = 1; return 0; }
      if (!strcasecmp(s, no[i]))  { o->value = 0; return 0; }
    }
    return -1;
  }
  char *end;
  errno = 0;
  double v = o->kind == REAL ? strtod(s, &end) : (double) strtoull(s, &end, 10);
  if (errno || end == s || *end || !isfinite(v) || v < o->min || v > o->max
      || (o->kind == COUNT && *s == '-'))
    return -1;
  o->value = v;
  return 0;
}

static const char *expected(const struct option *o)
{
  static char buf[96];
  switch (o->kind) {
  case BOOL: return "1/0, yes/no, true/false or on/off";
  case PATH: return "a file name";
  case COUNT: snprintf(buf, sizeof buf, "a whole number from %.0f to %.0f", o->min, o->max); break;
  case REAL: snprintf(buf, sizeof buf, "a number from %g to %g", o->min, o->max); break;
  }
  return buf;
}

void anchorage_options_init(void)
{
  for (int i = 0; i < OPT__COUNT; i++) {
    struct option *o = &options[i];
    char var[64];
    snprintf(var, sizeof var, "ANCHORAGE_%s", o->name);
    const char *s = getenv(var);
    if (s && parse(o, s))
      anchorage_fatal("invalid value '%s' of %s (expected %s)", s, var, expected(o));
  }
  if (options[OPT_FRAG_LB].value >= options[OPT_FRAG_UB].value)
    anchorage_fatal("ANCHORAGE_FRAG_LB (%g) must be below ANCHORAGE_FRAG_UB (%g)",
                    options[OPT_FRAG_LB].value, options[OPT_FRAG_UB].value);
  if (options[OPT_OVERHEAD_LB].value > options[OPT_OVERHEAD_UB].value)
    anchorage_fatal("ANCHORAGE_OVERHEAD_LB (%g) must not be above ANCHORAGE_OVERHEAD_UB (%g)",
                    options[OPT_OVERHEAD_LB].value, options[OPT_OVERHEAD_UB].value);
}

double anchorage_option(enum anchorage_option_id id)
{
  return options[id].value;
}

const char *anchorage_option_string(enum anchorage_option_id id)
{
  return options[id].string;
}
