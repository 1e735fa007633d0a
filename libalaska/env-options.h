/* SPDX-License-Identifier: MIT */
/* env-options.h: a table of run-time options read from environment
 * variables, and the diagnostics that report them.  One implementation
 * (env-options.c), compiled into both libalaska and libanchorage, so that
 * both treat a bad value alike: a message naming the variable and what it
 * accepts, the default kept, and the program goes on (as jemalloc's
 * MALLOC_CONF and mimalloc's MIMALLOC_* do). */
#ifndef ALASKA_ENV_OPTIONS_H
#define ALASKA_ENV_OPTIONS_H

#include <stdarg.h>

enum env_option_kind {
  ENV_BOOL,                     /* 1/0, yes/no, true/false, on/off */
  ENV_INT,                      /* a whole number in [min, max] */
  ENV_REAL,                     /* a finite number in [min, max] */
  ENV_SIZE,                     /* bytes, with an optional K, M, G or T, in [min, max] */
  ENV_NAME,                     /* [a-z0-9_]{1,64} */
  ENV_PATH                      /* any non-empty string */
};

struct env_option {
  const char *name;             /* the variable is <prefix><name> */
  enum env_option_kind kind;
  double value, min, max;       /* ENV_BOOL, ENV_INT, ENV_REAL, ENV_SIZE */
  const char *string;           /* ENV_NAME, ENV_PATH: NULL when unset */
  const char *doc;              /* what it does, for the man page's reader */
  double default_value;         /* set by env_options_read */
};

/* Write "<who><message>\n" on stderr with write(2): no stdio, no locks,
 * usable from any context. */
void env_say(const char *who, const char *fmt, va_list ap)
  __attribute__((format(printf, 2, 0)));

/* Read each row of table[0..n) from the environment variable
 * <prefix><name>.  An invalid value is reported on stderr as
 * "<who>ignoring invalid value 'V' of VAR (expected ...)" and the row
 * keeps its default. */
void env_options_read(struct env_option *table, int n, const char *prefix,
                      const char *who);

/* Give the row its default back (a constraint between rows failed). */
void env_option_reset(struct env_option *o);

#endif
