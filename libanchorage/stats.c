/* SPDX-License-Identifier: MIT */
/* stats.c: Anchorage's statistics: what the passes did (counted always;
 * a pass is rare) and the heap's state, read from the shards' counters.
 * anchorage_stats_print writes "anchorage: <key> <value>" lines. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"

/* What the passes did (the heap's state is read when asked). */
static struct anchorage_stats counted;
static _Atomic long large_bytes;

void anchorage_stats_pass(const struct pass_result *r, uint64_t ns)
{
  if (r) {                      /* under the barrier */
    counted.passes++;
    counted.passes_stopped_early += r->stopped_early != 0;
    counted.objects_moved += r->objects;
    counted.bytes_moved += r->moved;
    counted.bytes_released += r->released;
  }
  if (ns) {
    counted.pass_ns_last = ns;
    counted.pass_ns_total += ns;
    if (ns > counted.pass_ns_max)
      counted.pass_ns_max = ns;
  }
}

void anchorage_stats_large(long delta)
{
  atomic_fetch_add_explicit(&large_bytes, delta, memory_order_relaxed);
}

ANCHORAGE_API int anchorage_stats_get(struct anchorage_stats *st)
{
  if (st->size < sizeof st->size)
    return -1;
  struct anchorage_stats all;
  memset(&all, 0, sizeof all);
  int r = -1;
  if (alaska_current_service() == &alaska_service_anchorage) {
    all = counted;
    size_t e, l;
    all.fragmentation = anchorage_fragmentation(&e, &l);
    all.extent_bytes = e;
    all.live_bytes = l;
    all.large_bytes = (uint64_t) atomic_load(&large_bytes);
    unsigned used = __atomic_load_n(&anchorage_subheaps_used, __ATOMIC_ACQUIRE);
    for (unsigned i = 0; i < used; i++)
      all.subheaps += anchorage_subheaps[i].owner != NULL || anchorage_subheaps[i].kind == SH_PAGES;
    all.defragmenting = anchorage_defragmenting;
    r = 0;
  }
  all.size = st->size < sizeof all ? st->size : sizeof all;
  memcpy(st, &all, all.size);
  return r;
}

/* One "anchorage: <name> <value>" line per field of ANCHORAGE_STATS_FIELDS
 * that is shown, written at once. */
#define SHOW_u(name) "anchorage: " #name " %llu\n"
#define SHOW_f(name) "anchorage: " #name " %.3f\n"
#define SHOW_no(name) ""
#define VALUE_u(name) , (unsigned long long) st.name
#define VALUE_f(name) , st.name
#define VALUE_no(name)
ANCHORAGE_API void anchorage_stats_print(void)
{
  struct anchorage_stats st = { .size = sizeof st };
  if (anchorage_stats_get(&st))
    return;
#define FORMAT(type, name, shown, meaning) SHOW_##shown(name)
#define VALUE(type, name, shown, meaning) VALUE_##shown(name)
  fprintf(stderr, ANCHORAGE_STATS_FIELDS(FORMAT) ANCHORAGE_STATS_FIELDS(VALUE));
#undef FORMAT
#undef VALUE
}
