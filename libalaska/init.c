/* SPDX-License-Identifier: MIT */
/* init.c: libalaska start-up and shut-down: read the options, reserve the
 * handle table, pick and start the service.  Runs on the first allocation
 * or from the library constructor, whichever comes first. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

int alaska_initialized;
const struct alaska_service *alaska_service = &alaska_service_malloc;
int alaska_malloc_fast;
int alaska_service_fast;

static pthread_once_t once = PTHREAD_ONCE_INIT;

/* A service library exports `alaska_service_<name>`. */
static const struct alaska_service *find_service(const char *name)
{
  if (!strcmp(name, alaska_service_malloc.name))
    return &alaska_service_malloc;
  char sym[96];
  snprintf(sym, sizeof sym, "alaska_service_%s", name);
  return dlsym(RTLD_DEFAULT, sym);
}

static void at_exit(void)
{
  alaska_barrier_fini();
  if (alaska_stats_enabled)
    alaska_stats_print();
  if (alaska_service->deinit)
    alaska_service->deinit();
}

static void init_once(void)
{
  alaska_options_init();
  alaska_stats_enabled = alaska_option_long(ALASKA_OPT_STATS) != 0;
  alaska_table_init();
  alaska_region_init();
  alaska_threads_init();

  const char *name = alaska_option_string(ALASKA_OPT_SERVICE);
  const struct alaska_service *s;
  if (name) {
    s = find_service(name);
  } else {
    const struct alaska_service *const *d = dlsym(RTLD_DEFAULT, "alaska_default_service");
    s = d ? *d : &alaska_service_malloc;
    name = s->name;
  }
  if (!s)
    alaska_fatal("unknown service '%s' in ALASKA_SERVICE (is its library linked? "
                 "built in: malloc)", name);
  if (s->init && s->init() != 0)
    alaska_fatal("service '%s' failed to start", s->name);
  alaska_service = s;
  if (s == &alaska_service_malloc)
    alaska_region_load();       /* its fast path needs jemalloc at hand */
  alaska_malloc_fast = s == &alaska_service_malloc && !alaska_stats_enabled;
  alaska_service_fast = s != &alaska_service_malloc && !alaska_stats_enabled;
  if (alaska_option_long(ALASKA_OPT_VERBOSE))
    alaska_warn("handle table at %#llx, service %s",
                (unsigned long long) ALASKA_TABLE_ORIGIN, s->name);
  if (alaska_option_long(ALASKA_OPT_LINK_CHECK))
    alaska_link_check();
  atexit(at_exit);
  __atomic_store_n(&alaska_initialized, 1, __ATOMIC_RELEASE);
  alaska_barrier_init();
}

void alaska_init_slow(void)
{
  pthread_once(&once, init_once);
}

__attribute__((constructor)) static void alaska_constructor(void)
{
  alaska_ensure_init();
}

ALASKA_API const struct alaska_service *alaska_current_service(void)
{
  alaska_ensure_init();
  return alaska_service;
}
