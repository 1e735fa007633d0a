/* SPDX-License-Identifier: MIT */
/* defrag.c: a defragmentation pass, run by the barrier hook while the
 * world is stopped.  Sub-heaps are ordered by occupancy (live / extent).
 * Objects that are not pinned move from the top of the sparsest sub-heap
 * (the source) into free blocks, then the bump space, of the densest ones
 * (the destinations; a fresh sub-heap when those are full), until the
 * pass's budget of bytes is spent.  The source's top then drops past what
 * left it, its remaining free blocks are merged, and the pages no block
 * uses any more go back to the kernel.  The source is the sub-heap chosen
 * before the barrier (prepare.c), whose objects' IDs the read of the
 * handle table noted; an object moves only if its handle still names it.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define SOURCE_MAX_OCCUPANCY 0.95       /* denser sub-heaps are left alone */

static struct subheap *order[4096];
static unsigned tidied[4096];           /* pass number a destination was tidied in */
static unsigned pass_no;
static uint32_t *idmap;                 /* per granule of the candidate: ID + 1, 0 none */
static struct subheap *candidate;       /* the source chosen before the barrier */
#define IDMAP_BYTES (SUBHEAP_SIZE / 16 * sizeof (uint32_t))
#define AMBIGUOUS   UINT32_MAX          /* two handles name the block: never moved */

static double occupancy(const struct subheap *sh)
{
  size_t e = subheap_extent(sh);
  return e ? (double) sh->live / (double) e : 1.0;
}

static int by_occupancy(const void *a, const void *b)
{
  double x = occupancy(*(struct subheap *const *) a), y = occupancy(*(struct subheap *const *) b);
  return x < y ? -1 : x > y;
}

struct pass {
  unsigned n, src, dst;         /* destinations: order[src+1 .. dst-1], densest last */
  struct subheap *fresh;
  struct shard *fresh_owner;
  struct pass_result *r;
};

static char *dest_alloc(struct pass *p, size_t size)
{
  while (p->dst > p->src + 1) {
    struct subheap *d = order[p->dst - 1];
    unsigned i = (unsigned) (d - anchorage_subheaps);
    if (tidied[i] != pass_no) {
      tidied[i] = pass_no;
      subheap_tidy(d);
    }
    char *b = subheap_alloc_fit(d, size);
    if (b)
      return b;
    p->dst--;
  }
  for (;;) {
    if (p->fresh) {
      char *b = subheap_alloc_fit(p->fresh, size);
      if (b)
        return b;
    }
    p->fresh = subheap_get();
    if (!p->fresh)
      return NULL;
    shard_adopt(p->fresh_owner, p->fresh);
  }
}

/* Is sh worth evacuating (racy before the barrier)? */
static int worth(const struct subheap *sh, int forced)
{
  return forced || (occupancy(sh) <= SOURCE_MAX_OCCUPANCY
                    && subheap_extent(sh) - sh->live >= PAGE);
}

/* Before the barrier: the sparsest sub-heap of blocks, if it is worth
 * evacuating, becomes the candidate.  Returns 1 if there is one. */
int defrag_prepare(int forced)
{
  if (!idmap) {
    void *m = mmap(NULL, IDMAP_BYTES, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
      return 0;
    idmap = m;
  }
  candidate = NULL;
  unsigned used = __atomic_load_n(&anchorage_subheaps_used, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used; i++) {
    struct subheap *sh = &anchorage_subheaps[i];
    if (__atomic_load_n(&sh->kind, __ATOMIC_RELAXED) != SH_BLOCKS
        || !__atomic_load_n(&sh->owner, __ATOMIC_RELAXED)
        || __atomic_load_n(&sh->live, __ATOMIC_RELAXED) == 0)
      continue;
    if (!candidate || occupancy(sh) < occupancy(candidate))
      candidate = sh;
  }
  if (candidate && !worth(candidate, forced))
    candidate = NULL;
  return candidate != NULL;
}

void defrag_unprepare(void)
{
  if (candidate)        /* the map's pages go back, to read as zero */
    madvise(idmap, IDMAP_BYTES, MADV_DONTNEED);
  candidate = NULL;
}

/* The ID of the block at `backing' in sub-heap sh (the table's read). */
void defrag_note_id(uint32_t id, void *backing, struct subheap *sh)
{
  if (sh != candidate || ((uintptr_t) backing & 15) || (char *) backing < subheap_data(sh))
    return;
  size_t g = granule(sh, backing);
  idmap[g] = idmap[g] ? AMBIGUOUS : id + 1;
}

/* The highest allocated block's granule below g; 0 if none. */
static size_t prev_used(const struct subheap *sh, size_t g)
{
  const uint64_t *u = subheap_used(sh);
  if (g-- == 0)
    return 0;
  size_t w = g >> 6;
  uint64_t m = u[w] & (~(uint64_t) 0 >> (63 - (g & 63)));
  while (!m) {
    if (w == 0)
      return 0;
    m = u[--w];
  }
  return (w << 6) + 63 - (size_t) __builtin_clzll(m);
}

/* Move what can move from the top of order[p->src] down; returns 0 when
 * there is nowhere left to put objects. */
static int evacuate(struct pass *p, size_t *budget)
{
  struct subheap *sh = order[p->src];
  p->fresh_owner = sh->owner;
  int room = 1;
  for (size_t g = granule(sh, sh->top); (g = prev_used(sh, g)) != 0; ) {
    uint32_t v = idmap[g];
    char *b = sh->base + (g << 4);
    if (v == 0 || v == AMBIGUOUS || alaska_backing(v - 1) != b || alaska_is_pinned(v - 1))
      continue;
    size_t size = block_size(sh, b);
    if (size > *budget)
      break;
    if (pause_over(1, size)) {
      room = 0;
      break;
    }
    char *nb = dest_alloc(p, size);
    if (!nb) {
      room = 0;
      break;
    }
    memcpy(nb, b, size);
    alaska_relocate(v - 1, nb);
    subheap_free(sh, b, size);
    *budget -= size;
    p->r->moved += size;
    p->r->objects++;
  }
  if (sh->live == 0)
    shard_release(sh);
  else
    subheap_tidy(sh);
  return room;
}

void anchorage_pass(size_t budget, int forced, struct pass_result *r)
{
  memset(r, 0, sizeof *r);
  pass_no++;
  size_t before;
  anchorage_fragmentation(&before, NULL);
  for (struct theap *h = __atomic_load_n(&anchorage_heaps, __ATOMIC_ACQUIRE); h; h = h->next)
    medium_flush_hot(h);
  anchorage_compact(&budget, forced, r);
  struct pass p = { .r = r };
  unsigned used = __atomic_load_n(&anchorage_subheaps_used, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used; i++) {
    struct subheap *sh = &anchorage_subheaps[i];
    if (!sh->owner)
      continue;
    if (sh->live == 0 && sh->owner->cur != sh) {
      shard_release(sh);
      continue;
    }
    order[p.n++] = sh;
  }
  qsort(order, p.n, sizeof *order, by_occupancy);
  p.dst = p.n;
  /* The candidate, if it is still worth it and no destination. */
  for (p.src = 0; p.src < p.n && budget > 0 && candidate && !pause_stopped(); p.src++) {
    struct subheap *sh = order[p.src];
    if (tidied[sh - anchorage_subheaps] == pass_no)   /* it took objects */
      break;
    if (sh == candidate) {
      if (worth(sh, forced))
        evacuate(&p, &budget);
      break;
    }
  }
  large_compact(r);
  size_t after;
  anchorage_fragmentation(&after, NULL);
  r->released = before > after ? before - after : 0;
  r->stopped_early = pause_stopped();
  r->more = compact_more();
  anchorage_stats_pass(r, 0);
}
