/* SPDX-License-Identifier: MIT */
/* thread-cache.c: the thread heaps, which allocate and free the small
 * objects.  A thread's heap owns pages, per size class: the current page
 * (cur), which allocation pops free blocks from, the other pages that
 * may have free blocks (avail) and the full ones.  A free by the owner
 * pushes the block onto its page's free list; neither takes a lock or an
 * atomic read-modify-write.  A free by another thread pushes the block
 * onto the page's thread_free list (compare-and-swap), and, the first
 * time, the page onto the owner's remote list, which the owner collects
 * when it runs out of blocks.  An empty page other than a current one
 * goes back to the pool.  A thread's heap is created at its first
 * allocation and retired when it exits: empty pages go back, the others
 * are abandoned to whichever thread next needs a page of their class.
 * Heaps are never freed (a thread may still push onto a retired heap's
 * remote list): a new thread reuses a retired one. */
#define _GNU_SOURCE
#include <limits.h>
#include <stdatomic.h>
#include <stdlib.h>
#include "internal.h"

struct page anchorage_empty_page;       /* no free block: every class's first cur */
static struct theap empty_heap = { .cur = { [0 ... NCLASSES - 1] = &anchorage_empty_page },
                                    .nhot = { [0 ... NCLASSES - 1] = HOT_NONE },
                                    .mhot_bytes = LONG_MAX };
uint32_t anchorage_class_size[NCLASSES];        /* filled at start-up */
uint16_t anchorage_hot_max[NCLASSES];
__thread struct theap *anchorage_my_heap __attribute__((tls_model("initial-exec"))) = &empty_heap;
#define my_heap anchorage_my_heap
struct theap *_Atomic anchorage_heaps;
pthread_mutex_t anchorage_heaps_lock = PTHREAD_MUTEX_INITIALIZER;
_Atomic long anchorage_retired_live;    /* exited threads' (and frees when no heap could be made) */
static pthread_key_t retire_key;

static inline void add_pages(struct theap *h, long delta)
{
  atomic_store_explicit((_Atomic long *) &h->pages, h->pages + delta, memory_order_relaxed);
}

static void to_full(struct theap *h, struct page *pg)
{
  page_list_remove(&h->avail[pg->cls], pg);
  page_list_push(&h->full[pg->cls], pg);
  pg->in_full = 1;
}

static void to_avail(struct theap *h, struct page *pg)
{
  page_list_remove(&h->full[pg->cls], pg);
  page_list_push(&h->avail[pg->cls], pg);
  pg->in_full = 0;
}

/* Unlink an owned page from its heap (the owner, or the world stopped). */
static void unlink_owned(struct theap *h, struct page *pg)
{
  page_list_remove(pg->in_full ? &h->full[pg->cls] : &h->avail[pg->cls], pg);
  if (h->cur[pg->cls] == pg)
    h->cur[pg->cls] = &anchorage_empty_page;
  add_pages(h, -1);
}

/* pages_lock held, or the world stopped with it taken. */
void tc_page_release(struct page *pg)
{
  if (pg->state == PAGE_OWNED) {
    unlink_owned(atomic_load_explicit(&pg->owner, memory_order_relaxed), pg);
  } else {
    page_list_remove(&anchorage_abandoned[pg->cls], pg);
    __atomic_store_n(&anchorage_abandoned_pages, anchorage_abandoned_pages - 1, __ATOMIC_RELAXED);
  }
  page_give(pg);
}

static void release_owned(struct theap *h, struct page *pg)
{
  pthread_mutex_lock(&anchorage_pages_lock);
  tc_page_release(pg);
  pthread_mutex_unlock(&anchorage_pages_lock);
  (void) h;
}

/* Does pg have a block to give?  Collects and carves as needed. */
static int ready(struct page *pg)
{
  if (pg->free)
    return 1;
  if (atomic_load_explicit(&pg->thread_free, memory_order_relaxed) && page_collect(pg))
    return 1;
  if (pg->bump < pg->capacity) {
    page_carve(pg);
    return 1;
  }
  return 0;
}

/* The pages other threads freed into: their blocks join the free lists. */
static void collect_remote(struct theap *h)
{
  struct page *pg = atomic_exchange_explicit(&h->remote, NULL, memory_order_acquire);
  while (pg) {
    struct page *next = pg->remote_next;
    atomic_store(&pg->queued, 0);
    if (atomic_load(&pg->owner) == h) {
      page_collect(pg);
      if (pg->in_full && pg->free)
        to_avail(h, pg);
      if (pg->used == 0 && pg != h->cur[pg->cls])
        release_owned(h, pg);
    }
    pg = next;
  }
}

static void own(struct theap *h, struct page *pg, unsigned c)
{
  pg->state = PAGE_OWNED;
  pg->in_full = 0;
  atomic_store(&pg->owner, h);
  page_list_push(&h->avail[c], pg);
  add_pages(h, 1);
}

/* A page of class c with a free block for h: an abandoned one, or one
 * from the pool.  NULL: the region is full. */
static struct page *new_page(struct theap *h, unsigned c)
{
  pthread_mutex_lock(&anchorage_pages_lock);
  struct page *pg;
  int tries = 0;
  while ((pg = anchorage_abandoned[c].head) && tries++ < 16) {
    page_list_remove(&anchorage_abandoned[c], pg);
    __atomic_store_n(&anchorage_abandoned_pages, anchorage_abandoned_pages - 1, __ATOMIC_RELAXED);
    own(h, pg, c);
    page_collect(pg);           /* after owning it: later frees reach h */
    if (pg->used == 0) {
      tc_page_release(pg);
      continue;
    }
    if (ready(pg))
      goto out;
    to_full(h, pg);
  }
  pg = page_take(c);
  if (pg) {
    own(h, pg, c);
    page_carve(pg);
  }
out:
  pthread_mutex_unlock(&anchorage_pages_lock);
  return pg;
}

static struct theap *heap_new(void)
{
  pthread_mutex_lock(&anchorage_heaps_lock);
  struct theap *h;
  for (h = atomic_load(&anchorage_heaps); h && h->in_use; h = h->next)
    ;
  if (!h) {
    h = calloc(1, sizeof *h);
    if (!h) {
      pthread_mutex_unlock(&anchorage_heaps_lock);
      return NULL;
    }
    for (unsigned c = 0; c < NCLASSES; c++)
      h->cur[c] = &anchorage_empty_page;
    h->next = atomic_load(&anchorage_heaps);
    atomic_store_explicit(&anchorage_heaps, h, memory_order_release);
  }
  h->in_use = 1;
  collect_remote(h);            /* a retired heap's: pages of others, unqueued */
  pthread_mutex_unlock(&anchorage_heaps_lock);
  my_heap = h;
  pthread_setspecific(retire_key, h);
  return h;
}

/* No free block in the current page: the next page that has one, or a
 * new page, or, when the reserved region is full, the region. */
void *tc_alloc_slow(unsigned c, size_t size)
{
  struct theap *h = my_heap;
  if (h == &empty_heap && !(h = heap_new()))
    return anchorage_region_alloc(size, 16, 0);
  if (atomic_load_explicit(&h->remote, memory_order_relaxed))
    collect_remote(h);
  struct page *pg = h->cur[c];
  if (pg == &anchorage_empty_page || !ready(pg)) {
    if (pg != &anchorage_empty_page)
      to_full(h, pg);
    while ((pg = h->avail[c].head) && !ready(pg))
      to_full(h, pg);
    if (!pg && !(pg = new_page(h, c)))
      return anchorage_region_alloc(size, 16, 0);
    h->cur[c] = pg;
  }
  void **b = pg->free;
  ALASKA_ASSERT(page_holds(pg, b) && pg->used < pg->capacity);
  pg->free = *b;
  pg->used++;
  add_live(h, pg->size);
  return b;
}

/* A page that was full gets a free block, or an owned page empties. */
void tc_free_slow(struct theap *h, struct page *pg)
{
  if (pg->in_full)
    to_avail(h, pg);
  if (pg->used == 0 && pg != h->cur[pg->cls])
    release_owned(h, pg);
}

/* Make abandoned page pg h's (a free into it), as new_page would; 0 if
 * another thread adopted it first. */
static int adopt(struct theap *h, struct page *pg)
{
  pthread_mutex_lock(&anchorage_pages_lock);
  int ok = pg->state == PAGE_ABANDONED;
  if (ok) {
    page_list_remove(&anchorage_abandoned[pg->cls], pg);
    __atomic_store_n(&anchorage_abandoned_pages, anchorage_abandoned_pages - 1, __ATOMIC_RELAXED);
    own(h, pg, pg->cls);
    page_collect(pg);           /* after owning it: later frees reach h */
  }
  pthread_mutex_unlock(&anchorage_pages_lock);
  return ok;
}

void tc_remote_free(struct theap *h, struct page *pg, void *p)
{
  /* A free into a page whose thread exited adopts the page: this and
   * later frees into it are local, and its free blocks serve this
   * thread's allocations rather than waiting for a pass. */
  if (__atomic_load_n(&pg->state, __ATOMIC_RELAXED) == PAGE_ABANDONED
      && (h != &empty_heap || (h = heap_new())) && adopt(h, pg)) {
    tc_free_local(h, pg, p);
    return;
  }
  long size = pg->size;
  void *old = atomic_load_explicit(&pg->thread_free, memory_order_relaxed);
  do
    *(void **) p = old;
  while (!atomic_compare_exchange_weak_explicit(&pg->thread_free, &old, p,
                                                memory_order_release, memory_order_relaxed));
  if (h != &empty_heap || (h = heap_new()))
    add_live(h, -size);
  else
    atomic_fetch_sub_explicit(&anchorage_retired_live, size, memory_order_relaxed);
  if (!old && !atomic_exchange(&pg->queued, 1)) {
    struct theap *o = atomic_load(&pg->owner);
    if (o) {
      struct page *r = atomic_load_explicit(&o->remote, memory_order_relaxed);
      do
        pg->remote_next = r;
      while (!atomic_compare_exchange_weak_explicit(&o->remote, &r, pg,
                                                    memory_order_release, memory_order_relaxed));
    } else {
      atomic_store(&pg->queued, 0);     /* abandoned: its adopter collects */
    }
  }
}

/* h's hot blocks back to their pages, freed as they would have been. */
static void flush_hot(struct theap *h)
{
  for (unsigned c = 0; c < NCLASSES; c++) {
    void **b;
    while ((b = h->hot[c])) {
      h->hot[c] = *b;
      h->nhot[c]--;
      struct page *pg = page_of(b);
      add_live(h, pg->size);    /* the free below counts it again */
      if (atomic_load_explicit(&pg->owner, memory_order_relaxed) == h)
        tc_free_local(h, pg, b);
      else
        tc_remote_free(h, pg, b);
    }
  }
  __atomic_store_n(&h->hot_bytes, 0, __ATOMIC_RELAXED);
}

uint32_t tc_hot_blocks(unsigned c)
{
  uint32_t n = 0;
  for (struct theap *h = atomic_load(&anchorage_heaps); h; h = h->next) {
    uint16_t k = __atomic_load_n(&h->nhot[c], __ATOMIC_RELAXED);
    n += k == HOT_NONE ? 0 : k;
  }
  return n;
}

void tc_flush_all_hot(void (*touched)(struct page *pg))
{
  for (struct theap *h = atomic_load(&anchorage_heaps); h; h = h->next) {
    for (unsigned c = 0; c < NCLASSES; c++) {
      void **b;
      while ((b = h->hot[c])) {
        h->hot[c] = *b;
        struct page *pg = page_of(b);
        *b = atomic_load_explicit(&pg->thread_free, memory_order_relaxed);
        atomic_store_explicit(&pg->thread_free, b, memory_order_relaxed);
        if (!*b)
          touched(pg);
      }
      h->nhot[c] = 0;
    }
    __atomic_store_n(&h->hot_bytes, 0, __ATOMIC_RELAXED);
  }
}

/* At thread exit: hot blocks and empty pages back to the pool, the rest
 * abandoned. */
static void retire(void *arg)
{
  struct theap *h = arg;
  flush_hot(h);
  medium_flush_hot(h);
  my_heap = &empty_heap;
  pthread_mutex_lock(&anchorage_heaps_lock);
  collect_remote(h);
  pthread_mutex_lock(&anchorage_pages_lock);
  for (unsigned c = 0; c < NCLASSES; c++) {
    struct page_list *lists[2] = { &h->avail[c], &h->full[c] };
    for (int k = 0; k < 2; k++) {
      struct page *pg;
      while ((pg = lists[k]->head)) {
        page_collect(pg);
        unlink_owned(h, pg);
        if (pg->used == 0) {
          page_give(pg);
          continue;
        }
        pg->state = PAGE_ABANDONED;
        pg->in_full = 0;
        atomic_store(&pg->owner, NULL);
        page_collect(pg);       /* frees made before it was abandoned */
        page_list_push(&anchorage_abandoned[c], pg);
        __atomic_store_n(&anchorage_abandoned_pages, anchorage_abandoned_pages + 1, __ATOMIC_RELAXED);
      }
    }
  }
  pages_trim();
  pthread_mutex_unlock(&anchorage_pages_lock);
  collect_remote(h);            /* pages queued meanwhile: unqueued, for their next owner */
  atomic_fetch_add(&anchorage_retired_live, h->live);
  add_live(h, -h->live);
  h->in_use = 0;
  pthread_mutex_unlock(&anchorage_heaps_lock);
}

int anchorage_heaps_init(void)
{
  for (unsigned c = 0; c < NCLASSES; c++) {
    anchorage_class_size[c] = (uint32_t) class_size(c);
    anchorage_hot_max[c] = (uint16_t) hot_max(c);
  }
  return pthread_key_create(&retire_key, retire);
}

/* The free bytes of a heap's current pages: a thread allocates from one
 * page per class, so no pass can give these back.  Read without the
 * owner's knowledge: a page changing meanwhile makes the figure a little
 * off, never unsafe (page records are never unmapped). */
static size_t current_slack(const struct theap *h)
{
  size_t slack = 0;
  for (unsigned c = 0; c < NCLASSES; c++) {
    const struct page *pg = __atomic_load_n(&h->cur[c], __ATOMIC_RELAXED);
    if (pg == &anchorage_empty_page)
      continue;
    uint32_t cap = __atomic_load_n(&pg->capacity, __ATOMIC_RELAXED);
    uint32_t used = __atomic_load_n(&pg->used, __ATOMIC_RELAXED);
    if (used < cap)
      slack += (size_t) (cap - used) * __atomic_load_n(&pg->size, __ATOMIC_RELAXED);
  }
  long hot = __atomic_load_n(&h->hot_bytes, __ATOMIC_RELAXED);
  return slack + (hot > 0 ? (size_t) hot : 0);
}

void anchorage_pages_totals(size_t *extent, size_t *live, size_t *slack, size_t *medium_hot)
{
  long mh = 0;
  long l = atomic_load_explicit(&anchorage_retired_live, memory_order_relaxed);
  long n = (long) __atomic_load_n(&anchorage_abandoned_pages, __ATOMIC_RELAXED);
  size_t sl = 0;
  for (struct theap *h = atomic_load_explicit(&anchorage_heaps, memory_order_acquire); h; h = h->next) {
    l += atomic_load_explicit((_Atomic long *) &h->live, memory_order_relaxed);
    mh += __atomic_load_n(&h->mhot_bytes, __ATOMIC_RELAXED);
    n += atomic_load_explicit((_Atomic long *) &h->pages, memory_order_relaxed);
    if (slack && __atomic_load_n(&h->in_use, __ATOMIC_RELAXED))
      sl += current_slack(h);
  }
  *extent = n > 0 ? (size_t) n * PAGE_SIZE : 0;
  *live = l > 0 ? (size_t) l : 0;
  if (slack)
    *slack = sl < *extent ? sl : *extent;
  *medium_hot = mh > 0 ? (size_t) mh : 0;
}
