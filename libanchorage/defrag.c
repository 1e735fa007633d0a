/* defrag.c: a defragmentation pass, run by the barrier hook while the
 * world is stopped.  Sub-heaps are ordered by occupancy (live / extent).
 * Objects that are not pinned move from the top of the sparsest sub-heap
 * (the source) into free blocks, then the bump space, of the densest ones
 * (the destinations; a fresh sub-heap when those are full), until the
 * pass's budget of bytes is spent.  The source's top then drops past what
 * left it, its remaining free blocks are merged, and the pages no block
 * uses any more go back to the kernel. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define SOURCE_MAX_OCCUPANCY 0.95       /* denser sub-heaps are left alone */

static struct subheap *order[4096];
static unsigned tidied[4096];           /* pass number a destination was tidied in */
static unsigned pass_no;
static struct block **scratch;          /* the source's allocated blocks */

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

static struct block *dest_alloc(struct pass *p, size_t size)
{
  while (p->dst > p->src + 1) {
    struct subheap *d = order[p->dst - 1];
    unsigned i = (unsigned) (d - anchorage_subheaps);
    if (tidied[i] != pass_no) {
      tidied[i] = pass_no;
      subheap_tidy(d);
    }
    struct block *b = subheap_alloc_fit(d, size);
    if (b)
      return b;
    p->dst--;
  }
  for (;;) {
    if (p->fresh) {
      struct block *b = subheap_alloc_fit(p->fresh, size);
      if (b)
        return b;
    }
    p->fresh = subheap_get();
    if (!p->fresh)
      return NULL;
    shard_adopt(p->fresh_owner, p->fresh);
  }
}

/* Move what can move from the top of order[p->src] down; returns 0 when
 * there is nowhere left to put objects. */
static int evacuate(struct pass *p, size_t *budget)
{
  struct subheap *sh = order[p->src];
  size_t k = 0;
  for (struct block *b = (struct block *) (sh->base + 8); (char *) b < sh->top; b = block_next(b))
    if (b->id != FREE_ID)
      scratch[k++] = b;
  p->fresh_owner = sh->owner;
  int room = 1;
  while (k-- > 0) {
    struct block *b = scratch[k];
    if ((b->units & FIXED_ALIGN) || alaska_is_pinned(b->id))
      continue;
    size_t size = block_size(b);
    if (size > *budget)
      break;
    struct block *nb = dest_alloc(p, size);
    if (!nb) {
      room = 0;
      break;
    }
    memcpy(payload_of(nb), payload_of(b), size - 8);
    nb->id = b->id;
    alaska_relocate(b->id, payload_of(nb));
    b->id = FREE_ID;
    sh->live -= size;
    shard_add_live(sh->owner, -(long) size);
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
  if (!scratch) {
    void *m = mmap(NULL, SUBHEAP_SIZE / MIN_BLOCK * sizeof *scratch, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
      return;
    scratch = m;
  }
  pass_no++;
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
  size_t before;
  anchorage_fragmentation(&before, NULL);
  p.dst = p.n;
  for (p.src = 0; p.src < p.n && budget > 0; p.src++) {
    struct subheap *sh = order[p.src];
    if (tidied[sh - anchorage_subheaps] == pass_no)    /* it took objects */
      break;
    if (!forced && (occupancy(sh) > SOURCE_MAX_OCCUPANCY
                    || subheap_extent(sh) - sh->live < PAGE))
      break;
    if (!evacuate(&p, &budget))
      break;
  }
  size_t after;
  anchorage_fragmentation(&after, NULL);
  r->released = before > after ? before - after : 0;
  anchorage_stats_pass(r, 0);
}
