/* SPDX-License-Identifier: MIT */
/* options.c: libalaska's option table.  Every run-time option is one row
 * here, read once at start-up from the environment variable ALASKA_<NAME>.
 * An invalid value is reported (naming the variable) and the default kept. */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "internal.h"

enum option_kind { OPT_BOOL, OPT_LONG, OPT_STRING, OPT_SIZE };

struct option {
  const char *name;             /* ALASKA_<name> */
  enum option_kind kind;
  long value;                   /* OPT_BOOL, OPT_LONG, OPT_SIZE */
  const char *string;           /* OPT_STRING */
  long min, max;                /* OPT_LONG, OPT_SIZE bounds */
  const char *doc;
};

static struct option options[ALASKA_OPT__COUNT] = {
  [ALASKA_OPT_STATS]   = { "STATS", OPT_BOOL, 0, NULL, 0, 1,
                           "print statistics on stderr at exit" },
  [ALASKA_OPT_SERVICE] = { "SERVICE", OPT_STRING, 0, NULL, 0, 0,
                           "service that owns backing memory (unset: a linked "
                           "service library's default, else malloc)" },
  [ALASKA_OPT_VERBOSE] = { "VERBOSE", OPT_BOOL, 0, NULL, 0, 1,
                           "report start-up decisions on stderr" },
  [ALASKA_OPT_LINK_CHECK] = { "LINK_CHECK", OPT_BOOL, 1, NULL, 0, 1,
                           "warn about functions assumed instrumented but not" },
  [ALASKA_OPT_STRESS] = { "STRESS", OPT_LONG, 0, NULL, 0, 60000,
                           "run a barrier every N milliseconds (0: never)" },
  [ALASKA_OPT_BARRIER_TIMEOUT] = { "BARRIER_TIMEOUT", OPT_LONG, 60000, NULL, 1, 600000,
                           "milliseconds alaska_barrier() keeps trying to stop "
                           "the threads" },
  [ALASKA_OPT_HEAP_SIZE] = { "HEAP_SIZE", OPT_SIZE, 0, NULL, INT64_C(1) << 30,
                           (long) (ALASKA_BACKING_LIMIT - ALASKA_BACKING_BASE),
                           "address space the backing region reserves, in bytes with an "
                           "optional K, M, G or T suffix (unset: 4T, or 4 times the "
                           "physical memory if more)" },
};

void alaska_warn(const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  if ((size_t) n > sizeof buf - 2)
    n = sizeof buf - 2;
  buf[n++] = '\n';
  /* write(2) directly: no stdio locks, usable from any context. */
  if (write(STDERR_FILENO, "alaska: ", 8) < 0 || write(STDERR_FILENO, buf, n) < 0)
    return;
}

void alaska_fatal(const char *fmt, ...)
{
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  alaska_warn("%s", buf);
  abort();
}

static int parse_bool(const char *s, long *out)
{
  static const char *yes[] = { "1", "yes", "true", "on" };
  static const char *no[] = { "0", "no", "false", "off" };
  for (size_t i = 0; i < 4; i++) {
    if (!strcasecmp(s, yes[i])) { *out = 1; return 0; }
    if (!strcasecmp(s, no[i]))  { *out = 0; return 0; }
  }
  return -1;
}

static int parse_long(const char *s, long min, long max, long *out)
{
  char *end;
  errno = 0;
  long v = strtol(s, &end, 10);
  if (errno || end == s || *end || v < min || v > max)
    return -1;
  *out = v;
  return 0;
}

/* A size: decimal, with an optional binary suffix K, M, G or T. */
static int parse_size(const char *s, long min, long max, long *out)
{
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || end == s || *s == '-')
    return -1;
  const char *units = "KMGT", *u = *end ? strchr(units, *end) : NULL;
  if (u && *u) {
    int shift = 10 * (int) (u - units + 1);
    if (v > (ULLONG_MAX >> shift))
      return -1;
    v <<= shift;
    end++;
  }
  if (*end || v < (unsigned long long) min || v > (unsigned long long) max)
    return -1;
  *out = (long) v;
  return 0;
}

static int valid_name(const char *s)
{
  if (!*s || strlen(s) > 64)
    return 0;
  for (; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
      return 0;
  return 1;
}

void alaska_options_init(void)
{
  for (int i = 0; i < ALASKA_OPT__COUNT; i++) {
    struct option *o = &options[i];
    char var[64];
    snprintf(var, sizeof var, "ALASKA_%s", o->name);
    const char *s = getenv(var);
    if (!s)
      continue;
    switch (o->kind) {
    case OPT_BOOL:
      if (parse_bool(s, &o->value))
        alaska_warn("warning: ignoring invalid value '%s' of %s "
                    "(expected 1/0, yes/no, true/false or on/off)", s, var);
      break;
    case OPT_LONG:
      if (parse_long(s, o->min, o->max, &o->value))
        alaska_warn("warning: ignoring invalid value '%s' of %s "
                    "(expected an integer from %ld to %ld)", s, var, o->min, o->max);
      break;
    case OPT_SIZE:
      if (parse_size(s, o->min, o->max, &o->value))
        alaska_warn("warning: ignoring invalid value '%s' of %s "
                    "(expected a size from %ldG to %ldT, such as 2T or 64G)", s, var,
                    o->min >> 30, o->max >> 40);
      break;
    case OPT_STRING:
      if (!valid_name(s))
        alaska_warn("warning: ignoring invalid value '%s' of %s "
                    "(expected a name of lower-case letters, digits and '_')", s, var);
      else
        o->string = s;
      break;
    }
  }
}

long alaska_option_long(enum alaska_option_id id)
{
  return options[id].value;
}

const char *alaska_option_string(enum alaska_option_id id)
{
  return options[id].string;
}
