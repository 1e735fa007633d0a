/* SPDX-License-Identifier: MIT */
/* stats.c: libalaska's statistics counters, one per row of
 * ALASKA_STATS_COUNTERS (alaska.h).  Counting costs a few relaxed atomic
 * adds per allocation and is on only under ALASKA_STATS=1, which also
 * prints the counters at exit as "alaska: <key> <value>". */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "internal.h"

int alaska_stats_enabled;

/* One counter per row of ALASKA_STATS_COUNTERS (alaska.h). */
enum counter {
#define X(name, meaning) C_##name,
  ALASKA_STATS_COUNTERS(X)
#undef X
  C__COUNT
};
static _Atomic uint64_t counter[C__COUNT];

static void add(enum counter c, uint64_t n)
{
  atomic_fetch_add_explicit(&counter[c], n, memory_order_relaxed);
}

static void raise_to(enum counter c, uint64_t v)
{
  uint64_t m = atomic_load_explicit(&counter[c], memory_order_relaxed);
  while (v > m && !atomic_compare_exchange_weak_explicit(&counter[c], &m, v,
                      memory_order_relaxed, memory_order_relaxed))
    ;
}

void alaska_stats_alloc(size_t bytes)
{
  add(C_handles_allocated, 1);
  add(C_bytes_live, bytes);
  raise_to(C_handles_peak, atomic_fetch_add_explicit(&counter[C_handles_live], 1,
                                                     memory_order_relaxed) + 1);
}

void alaska_stats_free(size_t bytes)
{
  add(C_handles_freed, 1);
  add(C_handles_live, (uint64_t) -1);
  add(C_bytes_live, -(uint64_t) bytes);
}

void alaska_stats_resize(size_t old_bytes, size_t new_bytes)
{
  add(C_bytes_live, new_bytes - old_bytes);
}

void alaska_stats_barrier(int moved)
{
  add(moved ? C_barriers : C_barriers_failed, 1);
}

void alaska_stats_pause(uint64_t pause_ns, uint64_t stop_ns)
{
  add(C_barrier_pause_total_ns, pause_ns);
  raise_to(C_barrier_pause_max_ns, pause_ns);
  raise_to(C_barrier_stop_max_ns, stop_ns);
}

void alaska_stats_raw_fallback(void)
{
  add(C_raw_fallbacks, 1);
}

ALASKA_API int alaska_stats_get(struct alaska_stats *st)
{
  if (st->size < sizeof st->size)
    return -1;
  struct alaska_stats all;
  memset(&all, 0, sizeof all);
  alaska_ensure_init();
  int r = -1;
  if (alaska_stats_enabled) {
#define X(name, meaning) all.name = atomic_load(&counter[C_##name]);
    ALASKA_STATS_COUNTERS(X)
#undef X
    all.table_bytes = alaska_table_bytes();
    r = 0;
  }
  all.size = st->size < sizeof all ? st->size : sizeof all;
  memcpy(st, &all, all.size);
  return r;
}

/* The handle counters, one "alaska: <name> <value>" line each, and a
 * summary of the barriers (in microseconds) if there were any. */
ALASKA_API void alaska_stats_print(void)
{
  struct alaska_stats st = { .size = sizeof st };
  if (alaska_stats_get(&st))
    return;
  char buf[1024];
  int n = snprintf(buf, sizeof buf, "alaska: service %s\n", alaska_service->name);
#define X(name, meaning)                                                   \
  if (C_##name < C_barriers && n > 0 && n < (int) sizeof buf)             \
    n += snprintf(buf + n, sizeof buf - (size_t) n, "alaska: " #name " %llu\n", \
                  (unsigned long long) st.name);
  ALASKA_STATS_COUNTERS(X)
#undef X
  if (n > 0 && n < (int) sizeof buf && (st.barriers || st.barriers_failed))
    n += snprintf(buf + n, sizeof buf - (size_t) n,
                  "alaska: barriers %llu\n"
                  "alaska: barriers_failed %llu\n"
                  "alaska: barrier_pause_max_us %llu\n"
                  "alaska: barrier_pause_mean_us %llu\n"
                  "alaska: barrier_stop_max_us %llu\n",
                  (unsigned long long) st.barriers,
                  (unsigned long long) st.barriers_failed,
                  (unsigned long long) (st.barrier_pause_max_ns / 1000),
                  (unsigned long long) (st.barrier_pause_total_ns / 1000
                                        / (st.barriers + st.barriers_failed)),
                  (unsigned long long) (st.barrier_stop_max_ns / 1000));
  if (n > (int) sizeof buf)
    n = (int) sizeof buf;
  if (n > 0 && write(STDERR_FILENO, buf, (size_t) n) < 0)
    return;
}
