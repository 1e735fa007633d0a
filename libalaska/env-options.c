/* SPDX-License-Identifier: MIT */
/* env-options.c: parsing and reporting of the environment-variable option
 * tables of libalaska (ALASKA_*) and libanchorage (ANCHORAGE_*).  Each
 * library compiles its own hidden copy of this file (env-options.h). */
#include <errno.h>
#include <math.h>             /* isfinite: a macro, no libm */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "env-options.h"

void env_say(const char *who, const char *fmt, va_list ap)
{
  char buf[640];
  int n = snprintf(buf, sizeof buf, "%s", who);
  if (n < 0 || n >= (int) sizeof buf - 2)
    return;
  int m = vsnprintf(buf + n, sizeof buf - (size_t) n - 1, fmt, ap);
  if (m < 0)
    return;
  n += m;
  if (n > (int) sizeof buf - 2)
    n = (int) sizeof buf - 2;
  buf[n++] = '\n';
  if (write(STDERR_FILENO, buf, (size_t) n) < 0)
    return;
}

static void say(const char *who, const char *fmt, ...)
  __attribute__((format(printf, 2, 3)));
static void say(const char *who, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  env_say(who, fmt, ap);
  va_end(ap);
}

static int parse_bool(const char *s, double *out)
{
  static const char *const yes[] = { "1", "yes", "true", "on" };
  static const char *const no[] = { "0", "no", "false", "off" };
  for (int i = 0; i < 4; i++) {
    if (!strcasecmp(s, yes[i])) { *out = 1; return 0; }
    if (!strcasecmp(s, no[i]))  { *out = 0; return 0; }
  }
  return -1;
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

/* 0 and o updated if s is a valid value of o, else -1 and o unchanged. */
static int parse(struct env_option *o, const char *s)
{
  char *end;
  double v;
  switch (o->kind) {
  case ENV_BOOL:
    return parse_bool(s, &o->value);
  case ENV_NAME:
  case ENV_PATH:
    if (!(o->kind == ENV_NAME ? valid_name(s) : *s != 0))
      return -1;
    o->string = s;
    return 0;
  case ENV_INT:
    errno = 0;
    v = (double) strtoll(s, &end, 10);
    break;
  case ENV_SIZE: {
    errno = 0;
    if (*s == '-')
      return -1;
    v = (double) strtoull(s, &end, 10);
    const char *units = "KMGT", *u = *end ? strchr(units, *end) : NULL;
    if (u) {
      v *= (double) (UINT64_C(1) << (10 * (u - units + 1)));
      end++;
    }
    break;
  }
  case ENV_REAL:
  default:
    errno = 0;
    v = strtod(s, &end);
    break;
  }
  if (errno || end == s || *end || !isfinite(v) || v < o->min || v > o->max)
    return -1;
  o->value = v;
  return 0;
}

static const char *expected(const struct env_option *o, char *buf, size_t size)
{
  switch (o->kind) {
  case ENV_BOOL: return "1/0, yes/no, true/false or on/off";
  case ENV_NAME: return "a name of lower-case letters, digits and '_'";
  case ENV_PATH: return "a file name";
  case ENV_INT:  snprintf(buf, size, "an integer from %.0f to %.0f", o->min, o->max); break;
  case ENV_REAL: snprintf(buf, size, "a number from %g to %g", o->min, o->max); break;
  case ENV_SIZE:
    snprintf(buf, size, "a size from %.0fG to %.0fT, such as 2T or 64G",
             o->min / (double) (UINT64_C(1) << 30),
             (double) (uint64_t) (o->max / (double) (UINT64_C(1) << 40)));
    break;
  }
  return buf;
}

void env_options_read(struct env_option *table, int n, const char *prefix,
                      const char *who)
{
  for (int i = 0; i < n; i++) {
    struct env_option *o = &table[i];
    o->default_value = o->value;
    char var[96], buf[96];
    snprintf(var, sizeof var, "%s%s", prefix, o->name);
    const char *s = getenv(var);
    if (s && parse(o, s))
      say(who, "ignoring invalid value '%s' of %s (expected %s)",
          s, var, expected(o, buf, sizeof buf));
  }
}

void env_option_reset(struct env_option *o)
{
  o->value = o->default_value;
  o->string = NULL;
}
