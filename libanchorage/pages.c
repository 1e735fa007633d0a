/* SPDX-License-Identifier: MIT */
/* pages.c: the pages of the small objects.  A page sub-heap is cut into
 * PAGE_SIZE pages whose records fill its first page.  Empty pages wait in
 * a pool, dirty ones (their memory still resident) first, to be reused
 * before clean ones; beyond a few, a page given back has its memory
 * returned to the kernel (MADV_DONTNEED).  Pages whose thread exited are
 * kept per class on the abandoned lists, for any thread to adopt.
 * Everything here is under anchorage_pages_lock; the page's owner alone
 * touches its free list and counts, except page_collect. */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

pthread_mutex_t anchorage_pages_lock = PTHREAD_MUTEX_INITIALIZER;
struct page_list anchorage_abandoned[NCLASSES];
size_t anchorage_abandoned_pages;
static struct page_list dirty, clean;
static size_t ndirty, pages_out;        /* pool's dirty pages; pages handed out */

void page_list_push(struct page_list *l, struct page *pg)
{
  ALASKA_ASSERT(!pg->next && !pg->prev && l->head != pg);      /* on no list */
  pg->prev = NULL;
  pg->next = l->head;
  if (l->head)
    l->head->prev = pg;
  l->head = pg;
}

void page_list_remove(struct page_list *l, struct page *pg)
{
  ALASKA_ASSERT(pg->prev ? pg->prev->next == pg : l->head == pg);   /* on l */
  ALASKA_ASSERT(!pg->next || pg->next->prev == pg);
  if (pg->prev)
    pg->prev->next = pg->next;
  else
    l->head = pg->next;
  if (pg->next)
    pg->next->prev = pg->prev;
  pg->next = pg->prev = NULL;
}

/* A fresh page sub-heap: its pages join the clean pool. */
static int grow(void)
{
  struct subheap *sh = subheap_get();
  if (!sh)
    return -1;
  sh->kind = SH_PAGES;
  struct page *rec = (struct page *) sh->base;
  for (size_t i = PAGES_PER_SUBHEAP - 1; i >= 1; i--) {
    rec[i].base = sh->base + (i << PAGE_SHIFT);
    rec[i].state = PAGE_FREE;
    page_list_push(&clean, &rec[i]);
  }
  return 0;
}

struct page *page_take(unsigned c)
{
  struct page_list *from = dirty.head ? &dirty : &clean;
  if (!from->head) {
    if (grow())
      return NULL;
    from = &clean;
  }
  struct page *pg = from->head;
  page_list_remove(from, pg);
  if (from == &dirty)
    ndirty--;
  pages_out++;
  pg->free = NULL;
  pg->used = pg->bump = 0;
  pg->size = (uint32_t) class_size(c);
  pg->capacity = (uint32_t) (PAGE_SIZE / pg->size);
  pg->cls = (uint8_t) c;
  pg->in_full = pg->evac = 0;
  atomic_store_explicit(&pg->thread_free, NULL, memory_order_relaxed);
  return pg;
}

/* Dirty pages kept: an eighth of the pages in use, at least 16 and at
 * most DIRTY_MAX (a large heap that a pass empties gives its pages back). */
#define DIRTY_MAX 64
static size_t dirty_limit(void)
{
  size_t l = pages_out / 8;
  return l < 16 ? 16 : l > DIRTY_MAX ? DIRTY_MAX : l;
}

void page_give(struct page *pg)
{
  ALASKA_ASSERT(pg->used == 0 && !atomic_load(&pg->thread_free));   /* empty */
  pg->state = PAGE_FREE;
  atomic_store_explicit(&pg->owner, NULL, memory_order_relaxed);
  pages_out--;
  if (ndirty < dirty_limit()) {
    page_list_push(&dirty, pg);
    ndirty++;
  } else {
    madvise(pg->base, PAGE_SIZE, MADV_DONTNEED);
    page_list_push(&clean, pg);
  }
}

void pages_trim(void)
{
  while (ndirty > dirty_limit()) {
    struct page *pg = dirty.head;
    page_list_remove(&dirty, pg);
    ndirty--;
    madvise(pg->base, PAGE_SIZE, MADV_DONTNEED);
    page_list_push(&clean, pg);
  }
}

/* Carve at most a 4 KiB stretch of never-used blocks (one at least) onto
 * the free list, so that a fresh page becomes resident as it fills. */
void page_carve(struct page *pg)
{
  ALASKA_ASSERT(pg->bump < pg->capacity && pg->capacity * pg->size <= PAGE_SIZE);
  uint32_t n = pg->capacity - pg->bump, batch = 4096 / pg->size;
  if (batch == 0)
    batch = 1;
  if (n > batch)
    n = batch;
  char *b = pg->base + (size_t) pg->bump * pg->size;
  void *head = pg->free;
  for (uint32_t i = n; i-- > 0; ) {
    void **blk = (void **) (b + (size_t) i * pg->size);
    *blk = head;
    head = blk;
  }
  pg->free = head;
  pg->bump += n;
}

uint32_t page_collect(struct page *pg)
{
  if (!atomic_load_explicit(&pg->thread_free, memory_order_relaxed))
    return 0;
  void *list = atomic_exchange_explicit(&pg->thread_free, NULL, memory_order_acquire);
  uint32_t n = 0;
  while (list) {
    ALASKA_ASSERT(page_holds(pg, list));
    void *next = *(void **) list;
    *(void **) list = pg->free;
    pg->free = list;
    list = next;
    n++;
  }
  ALASKA_ASSERT(n <= pg->used);
  pg->used -= n;
  return n;
}
