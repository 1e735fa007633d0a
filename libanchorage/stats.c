/* SPDX-License-Identifier: MIT */
/* stats.c: Anchorage's statistics: what the passes did (counted always;
 * a pass is rare) and the heap's state, read from the shards' counters.
 * anchorage_stats_print writes "anchorage: <key> <value>" lines. */
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include "internal.h"

static uint64_t passes, passes_stopped_early, objects_moved, bytes_moved, bytes_released;
static uint64_t ns_last, ns_max, ns_total;
static _Atomic long large_bytes;

void anchorage_stats_pass(const struct pass_result *r, uint64_t ns)
{
  if (r) {                      /* under the barrier */
    passes++;
    passes_stopped_early += r->stopped_early != 0;
    objects_moved += r->objects;
    bytes_moved += r->moved;
    bytes_released += r->released;
  }
  if (ns) {
    ns_last = ns;
    ns_total += ns;
    if (ns > ns_max)
      ns_max = ns;
  }
}

void anchorage_stats_large(long delta)
{
  atomic_fetch_add_explicit(&large_bytes, delta, memory_order_relaxed);
}

ANCHORAGE_API int anchorage_stats_get(struct anchorage_stats *st)
{
  memset(st, 0, sizeof *st);
  if (alaska_current_service() != &alaska_service_anchorage)
    return -1;
  size_t e, l;
  st->fragmentation = anchorage_fragmentation(&e, &l);
  st->extent_bytes = e;
  st->live_bytes = l;
  st->large_bytes = (uint64_t) atomic_load(&large_bytes);
  unsigned used = __atomic_load_n(&anchorage_subheaps_used, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used; i++)
    st->subheaps += anchorage_subheaps[i].owner != NULL || anchorage_subheaps[i].kind == SH_PAGES;
  st->defragmenting = anchorage_defragmenting;
  st->passes = passes;
  st->passes_stopped_early = passes_stopped_early;
  st->objects_moved = objects_moved;
  st->bytes_moved = bytes_moved;
  st->bytes_released = bytes_released;
  st->pass_ns_last = ns_last;
  st->pass_ns_max = ns_max;
  st->pass_ns_total = ns_total;
  return 0;
}

ANCHORAGE_API void anchorage_stats_print(void)
{
  struct anchorage_stats st;
  if (anchorage_stats_get(&st))
    return;
  fprintf(stderr,
          "anchorage: extent_bytes %llu\nanchorage: live_bytes %llu\n"
          "anchorage: large_bytes %llu\nanchorage: subheaps %llu\n"
          "anchorage: fragmentation %.3f\nanchorage: passes %llu\n"
          "anchorage: objects_moved %llu\nanchorage: bytes_moved %llu\n"
          "anchorage: bytes_released %llu\nanchorage: pass_ns_max %llu\n"
          "anchorage: pass_ns_total %llu\nanchorage: passes_stopped_early %llu\n",
          (unsigned long long) st.extent_bytes, (unsigned long long) st.live_bytes,
          (unsigned long long) st.large_bytes, (unsigned long long) st.subheaps,
          st.fragmentation, (unsigned long long) st.passes,
          (unsigned long long) st.objects_moved, (unsigned long long) st.bytes_moved,
          (unsigned long long) st.bytes_released, (unsigned long long) st.pass_ns_max,
          (unsigned long long) st.pass_ns_total,
          (unsigned long long) st.passes_stopped_early);
}
