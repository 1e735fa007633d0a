/* SPDX-License-Identifier: MIT */
/* compact.c: compaction of the small objects, class by class, under a
 * barrier (no thread is inside the allocator).  First every page takes
 * back the blocks other threads freed into it, and empty pages go back
 * to the pool.  Then, in each size class, pages are ordered by the blocks
 * they hold: the sparsest are sources, as many as the free blocks of the
 * densest (the destinations) can take, within the pass's budget.  One
 * read of the handle table names the sources' objects; each that is not
 * pinned (nor kept: alaska_is_pinned says so) moves into a destination,
 * densest first, and keeps its size, its class's.  An emptied source goes
 * back to the pool, its memory to the kernel beyond the few dirty pages
 * the pool keeps, even a thread's current page: the thread takes another
 * when it next allocates, and no page a pass could empty stays counted in
 * the extent.  The pause bound is checked before each source page. */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define SOURCE_MAX_OCCUPANCY 0.95       /* denser pages are left alone */
#define MAX_SOURCES 4096                /* a pass's, at most */
#define SLICE (PAGE_SIZE / 16)          /* IDs of one source page */
#define AMBIGUOUS UINT32_MAX            /* two handles name the block: never moved */

static struct page **all;               /* every page in use, for sorting */
static uint32_t *idmap;                 /* per source block: ID + 1, 0 none */
static unsigned nsources;

static int by_class_used(const void *a, const void *b)
{
  const struct page *x = *(struct page *const *) a, *y = *(struct page *const *) b;
  if (x->cls != y->cls)
    return x->cls < y->cls ? -1 : 1;
  return x->used < y->used ? -1 : x->used > y->used;
}

/* Collect every page's remote frees, give back the empty ones, and list
 * the others in all[]; returns how many. */
static size_t sweep(void)
{
  size_t n = 0;
  unsigned used = __atomic_load_n(&anchorage_subheaps_used, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used; i++) {
    struct subheap *sh = &anchorage_subheaps[i];
    if (sh->kind != SH_PAGES)
      continue;
    struct page *rec = (struct page *) sh->base;
    for (size_t k = 1; k < PAGES_PER_SUBHEAP; k++) {
      struct page *pg = &rec[k];
      if (pg->state == PAGE_FREE)
        continue;
      page_collect(pg);
      if (pg->used == 0) {      /* a thread's current page too: it takes another */
        tc_page_release(pg);
        continue;
      }
      if (pg->in_full && pg->free) {
        struct theap *h = atomic_load_explicit(&pg->owner, memory_order_relaxed);
        page_list_remove(&h->full[pg->cls], pg);
        page_list_push(&h->avail[pg->cls], pg);
        pg->in_full = 0;
      }
      all[n++] = pg;
    }
  }
  return n;
}

/* Choose the sources of one class, all[lo, hi), sparsest first; returns
 * the index of the densest page that is not a destination. */
static size_t choose(size_t lo, size_t hi, size_t *budget, int forced)
{
  size_t room = 0, j = hi;
  for (size_t i = lo; i < j && nsources < MAX_SOURCES; i++) {
    struct page *pg = all[i];
    if (!forced && (double) pg->used / pg->capacity > SOURCE_MAX_OCCUPANCY)
      break;
    size_t bytes = (size_t) pg->used * pg->size;
    if (bytes > *budget)
      break;
    while (room < pg->used && j - 1 > i) {
      j--;
      room += all[j]->capacity - all[j]->used;
    }
    if (room < pg->used)
      break;
    room -= pg->used;
    *budget -= bytes;
    pg->evac = 1;
    pg->scratch = nsources++;
  }
  return j;
}

/* alaska_handles_in callback: the ID of a source's block. */
static void note_id(uint32_t id, void *backing, void *arg)
{
  (void) arg;
  struct subheap *sh = subheap_of(backing);
  if (sh->kind != SH_PAGES || ((uintptr_t) backing & (SUBHEAP_SIZE - 1)) < PAGE_SIZE)
    return;
  struct page *pg = page_of(backing);
  if (!pg->evac)
    return;
  size_t off = (size_t) ((char *) backing - pg->base);
  if (off % pg->size || off / pg->size >= pg->bump)
    return;
  uint32_t *slot = &idmap[(size_t) pg->scratch * SLICE + off / pg->size];
  *slot = *slot ? AMBIGUOUS : id + 1;
}

static void *dest_block(struct page *pg)
{
  if (!pg->free) {
    if (pg->bump >= pg->capacity)
      return NULL;
    page_carve(pg);
  }
  void **b = pg->free;
  pg->free = *b;
  pg->used++;
  return b;
}

/* Move the sources of all[lo, j) into all[j, hi). */
static void evacuate(size_t lo, size_t j, size_t hi, struct pass_result *r)
{
  size_t d = hi;
  for (size_t i = lo; i < j && all[i]->evac; i++) {
    struct page *pg = all[i];
    if (pause_over()) {         /* the pause bound: the rest stay */
      pg->evac = 0;
      continue;
    }
    uint32_t *ids = &idmap[(size_t) pg->scratch * SLICE];
    for (uint32_t k = 0; k < pg->bump; k++) {
      uint32_t v = ids[k];
      if (v == 0 || v == AMBIGUOUS || alaska_is_pinned(v - 1))
        continue;
      void *to = NULL;
      while (d > j && !(to = dest_block(all[d - 1])))
        d--;
      if (!to)
        break;
      void **from = (void **) (pg->base + (size_t) k * pg->size);
      memcpy(to, from, pg->size);
      alaska_relocate(v - 1, to);
      *from = pg->free;
      pg->free = from;
      pg->used--;
      r->moved += pg->size;
      r->objects++;
    }
    pg->evac = 0;
    if (pg->used == 0)
      tc_page_release(pg);
  }
}

void anchorage_compact(size_t *budget, int forced, struct pass_result *r)
{
  if (pthread_mutex_trylock(&anchorage_heaps_lock))
    return;                     /* an exiting thread retires its heap */
  if (pthread_mutex_trylock(&anchorage_pages_lock)) {
    pthread_mutex_unlock(&anchorage_heaps_lock);
    return;
  }
  size_t slots = anchorage_region_size / PAGE_SIZE;
  if (!all) {
    void *a = mmap(NULL, slots * sizeof *all + (size_t) MAX_SOURCES * SLICE * sizeof *idmap,
                   PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (a != MAP_FAILED) {
      all = a;
      idmap = (uint32_t *) (all + slots);
    }
  }
  if (all) {
    tc_flush_all_hot();
    size_t n = sweep();
    qsort(all, n, sizeof *all, by_class_used);
    size_t bounds[NCLASSES + 1][2], nb = 0;
    nsources = 0;
    for (size_t lo = 0; lo < n; ) {
      size_t hi = lo;
      while (hi < n && all[hi]->cls == all[lo]->cls)
        hi++;
      size_t j = choose(lo, hi, budget, forced);
      if (j > lo && all[lo]->evac) {
        bounds[nb][0] = lo;
        bounds[nb++][1] = j;
      }
      lo = hi;
    }
    if (nsources) {
      alaska_handles_in(anchorage_region, anchorage_region + anchorage_region_size, note_id, NULL);
      for (size_t b = 0; b < nb; b++) {
        size_t lo = bounds[b][0], j = bounds[b][1], hi = j;
        while (hi < n && all[hi]->cls == all[lo]->cls)
          hi++;
        evacuate(lo, j, hi, r);
      }
      madvise(idmap, (size_t) nsources * SLICE * sizeof *idmap, MADV_DONTNEED);
    }
    pages_trim();
  }
  pthread_mutex_unlock(&anchorage_pages_lock);
  pthread_mutex_unlock(&anchorage_heaps_lock);
}
