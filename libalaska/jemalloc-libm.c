/* SPDX-License-Identifier: MIT */
/* jemalloc-libm.c: the C library's log, exp and round for libalaska's
 * copy of jemalloc (Makefile.am renames its calls alaska_je_log and so
 * on).  jemalloc calls them only for heap profiling (MALLOC_CONF prof),
 * so libm is loaded at the first call rather than linked: a program that
 * does not use libm itself never maps it. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include "internal.h"

static double (*libm_log)(double), (*libm_exp)(double), (*libm_round)(double);
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void)
{
  void *m = dlopen("libm.so.6", RTLD_NOW | RTLD_LOCAL);
  if (!m)
    alaska_fatal("jemalloc's heap profiling needs libm.so.6: %s", dlerror());
  libm_log = (double (*)(double)) dlsym(m, "log");
  libm_exp = (double (*)(double)) dlsym(m, "exp");
  libm_round = (double (*)(double)) dlsym(m, "round");
  if (!libm_log || !libm_exp || !libm_round)
    alaska_fatal("libm.so.6 lacks log, exp or round");
}

ALASKA_HIDDEN double alaska_je_log(double x)
{
  pthread_once(&loaded, load);
  return libm_log(x);
}

ALASKA_HIDDEN double alaska_je_exp(double x)
{
  pthread_once(&loaded, load);
  return libm_exp(x);
}

ALASKA_HIDDEN double alaska_je_round(double x)
{
  pthread_once(&loaded, load);
  return libm_round(x);
}
