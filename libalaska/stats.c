/* SPDX-License-Identifier: MIT */
/* stats.c: libalaska's statistics counters.  Counting costs a few relaxed
 * atomic adds per allocation and is on only under ALASKA_STATS=1, which
 * also prints every counter at exit as "alaska: <key> <value>". */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"

int alaska_stats_enabled;

static _Atomic uint64_t allocated, freed, live, peak, bytes_live, raw_fallbacks;
static _Atomic uint64_t barriers, barriers_failed, pause_total_ns, pause_max_ns;

void alaska_stats_alloc(size_t bytes)
{
  atomic_fetch_add_explicit(&allocated, 1, memory_order_relaxed);
  uint64_t now = atomic_fetch_add_explicit(&live, 1, memory_order_relaxed) + 1;
  atomic_fetch_add_explicit(&bytes_live, bytes, memory_order_relaxed);
  uint64_t p = atomic_load_explicit(&peak, memory_order_relaxed);
  while (now > p && !atomic_compare_exchange_weak_explicit(&peak, &p, now,
                        memory_order_relaxed, memory_order_relaxed))
    ;
}

void alaska_stats_free(size_t bytes)
{
  atomic_fetch_add_explicit(&freed, 1, memory_order_relaxed);
  atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
  atomic_fetch_sub_explicit(&bytes_live, bytes, memory_order_relaxed);
}

void alaska_stats_resize(size_t old_bytes, size_t new_bytes)
{
  atomic_fetch_add_explicit(&bytes_live, new_bytes - old_bytes, memory_order_relaxed);
}

void alaska_stats_barrier(int moved)
{
  atomic_fetch_add_explicit(moved ? &barriers : &barriers_failed, 1, memory_order_relaxed);
}

void alaska_stats_pause(uint64_t pause_ns)
{
  atomic_fetch_add_explicit(&pause_total_ns, pause_ns, memory_order_relaxed);
  uint64_t m = atomic_load_explicit(&pause_max_ns, memory_order_relaxed);
  while (pause_ns > m && !atomic_compare_exchange_weak_explicit(&pause_max_ns, &m, pause_ns,
                            memory_order_relaxed, memory_order_relaxed))
    ;
}

void alaska_stats_raw_fallback(void)
{
  atomic_fetch_add_explicit(&raw_fallbacks, 1, memory_order_relaxed);
}

ALASKA_API int alaska_stats_get(struct alaska_stats *st)
{
  memset(st, 0, sizeof *st);
  alaska_ensure_init();
  if (!alaska_stats_enabled)
    return -1;
  st->handles_allocated = atomic_load(&allocated);
  st->handles_freed = atomic_load(&freed);
  st->handles_live = atomic_load(&live);
  st->handles_peak = atomic_load(&peak);
  st->bytes_live = atomic_load(&bytes_live);
  st->raw_fallbacks = atomic_load(&raw_fallbacks);
  st->barriers = atomic_load(&barriers);
  st->barriers_failed = atomic_load(&barriers_failed);
  st->barrier_pause_total_ns = atomic_load(&pause_total_ns);
  st->barrier_pause_max_ns = atomic_load(&pause_max_ns);
  st->table_bytes = alaska_table_bytes();
  return 0;
}

ALASKA_API void alaska_stats_print(void)
{
  struct alaska_stats st;
  if (alaska_stats_get(&st))
    return;
  char buf[512];
  int n = snprintf(buf, sizeof buf,
                   "alaska: service %s\n"
                   "alaska: handles_allocated %llu\n"
                   "alaska: handles_freed %llu\n"
                   "alaska: handles_live %llu\n"
                   "alaska: handles_peak %llu\n"
                   "alaska: bytes_live %llu\n"
                   "alaska: raw_fallbacks %llu\n"
                   "alaska: table_bytes %llu\n",
                   alaska_service->name,
                   (unsigned long long) st.handles_allocated,
                   (unsigned long long) st.handles_freed,
                   (unsigned long long) st.handles_live,
                   (unsigned long long) st.handles_peak,
                   (unsigned long long) st.bytes_live,
                   (unsigned long long) st.raw_fallbacks,
                   (unsigned long long) st.table_bytes);
  if (n > 0 && (st.barriers || st.barriers_failed))
    n += snprintf(buf + n, sizeof buf - (size_t) n,
                  "alaska: barriers %llu\n"
                  "alaska: barriers_failed %llu\n"
                  "alaska: barrier_pause_max_us %llu\n"
                  "alaska: barrier_pause_mean_us %llu\n",
                  (unsigned long long) st.barriers,
                  (unsigned long long) st.barriers_failed,
                  (unsigned long long) (st.barrier_pause_max_ns / 1000),
                  (unsigned long long) (st.barrier_pause_total_ns / 1000
                                        / (st.barriers + st.barriers_failed)));
  if (n > 0 && write(STDERR_FILENO, buf, (size_t) n) < 0)
    return;
}
