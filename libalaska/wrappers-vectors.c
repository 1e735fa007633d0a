/* SPDX-License-Identifier: MIT */
/* wrappers-vectors.c: handle-aware versions of the C library functions
 * that read an array of pointers during the call and keep none of them
 * (ALASKA_WRAPPERS in alaska-abi.h): getsubopt's tokens, fts_open's and
 * argz_create's paths and words, putgrent's and putsgent's member lists,
 * backtrace_symbols' return addresses, and printf_size's one argument.  A string array gets a raw
 * copy for the call (alaska_translate_vector), an address array a
 * translation of the array alone: its elements are never followed. */
#define _GNU_SOURCE
#include <argz.h>
#include <errno.h>
#include <execinfo.h>
#include <fts.h>
#include <grp.h>
#include <gshadow.h>
#include <printf.h>
#include <stdlib.h>
#include "internal.h"

#define T(p) ((__typeof__(p)) alaska_wrapper_pin(p))

/* r points into the object of which t is the translation of h. */
static char *rebase(char *h, const char *t, const char *r)
{
  return r ? h + (r - t) : NULL;
}

static void *vector_or_die(char *const *v, const char *fn)
{
  char **a = alaska_translate_vector(v);
  if (v && !a)
    alaska_fatal("%s: no memory for a raw copy of its array of strings", fn);
  return a;
}

static void free_keeping_errno(void *p)
{
  int saved = errno;
  free(p);
  errno = saved;
}

/* *optionp advances through the caller's string and *valuep points into
 * it: both come back as handle + offset when the string is a handle. */
ALASKA_API int alaska_getsubopt(char **optionp, char *const *tokens, char **valuep)
{
  WRAPPER_SCOPE;
  char **op = T(optionp), **vp = T(valuep);
  char *h = *op, *t = T(h), *rest = t, *value = NULL;
  char **tok = vector_or_die(tokens, "getsubopt");
  int r = getsubopt(&rest, tok, &value);
  *op = rebase(h, t, rest);
  *vp = rebase(h, t, value);
  free_keeping_errno(tok);
  return r;
}

/* fts_open copies the paths into its own entries. */
ALASKA_API FTS *alaska_fts_open(char *const *argv, int options,
                                int (*compar)(const FTSENT **, const FTSENT **))
{
  char **a = vector_or_die(argv, "fts_open");
  FTS *r = fts_open(a, options, compar);
  free_keeping_errno(a);
  return r;
}

ALASKA_API FTS64 *alaska_fts64_open(char *const *argv, int options,
                                    int (*compar)(const FTSENT64 **, const FTSENT64 **))
{
  char **a = vector_or_die(argv, "fts64_open");
  FTS64 *r = fts64_open(a, options, compar);
  free_keeping_errno(a);
  return r;
}

/* The argz vector is the C library's (malloc), as argz_create_sep's is. */
ALASKA_API error_t alaska_argz_create(char *const argv[], char **argz, size_t *len)
{
  WRAPPER_SCOPE;
  char **a = vector_or_die(argv, "argz_create");
  error_t r = argz_create(a, T(argz), T(len));
  free_keeping_errno(a);
  return r;
}

ALASKA_API int alaska_putgrent(const struct group *grp, FILE *stream)
{
  WRAPPER_SCOPE;
  struct group g = *T(grp);
  char **mem = vector_or_die(g.gr_mem, "putgrent");
  g.gr_name = T(g.gr_name);
  g.gr_passwd = T(g.gr_passwd);
  g.gr_mem = mem;
  int r = putgrent(&g, stream);
  free_keeping_errno(mem);
  return r;
}

ALASKA_API int alaska_putsgent(const struct sgrp *sg, FILE *stream)
{
  WRAPPER_SCOPE;
  struct sgrp s = *T(sg);
  char **adm = vector_or_die(s.sg_adm, "putsgent");
  char **mem = vector_or_die(s.sg_mem, "putsgent");
  s.sg_namp = T(s.sg_namp);
  s.sg_passwd = T(s.sg_passwd);
  s.sg_adm = adm;
  s.sg_mem = mem;
  int r = putsgent(&s, stream);
  free_keeping_errno(adm);
  free_keeping_errno(mem);
  return r;
}

/* The addresses are only looked up, never followed: a handle among them
 * is printed as the number it is.  The result is the C library's. */
ALASKA_API char **alaska_backtrace_symbols(void *const *buffer, int size)
{
  WRAPPER_SCOPE;
  return backtrace_symbols(T(buffer), size);
}

ALASKA_API void alaska_backtrace_symbols_fd(void *const *buffer, int size, int fd)
{
  WRAPPER_SCOPE;
  backtrace_symbols_fd(T(buffer), size, fd);
}

/* printf_size formats one argument, a double or long double args[0]
 * points to. */
ALASKA_API int alaska_printf_size(FILE *fp, const struct printf_info *info,
                                  const void *const *args)
{
  WRAPPER_SCOPE;
  const void *arg[1] = { T(T(args)[0]) };
  return printf_size(fp, T(info), arg);
}
