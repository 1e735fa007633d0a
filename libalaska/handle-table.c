/* SPDX-License-Identifier: MIT */
/* handle-table.c: the handle table and handle-ID allocation.
 *
 * The table's whole span (alaska-abi.h: the zero slots of raw pointers and
 * the 2^31 entries of handle IDs) is reserved with one mmap at start-up
 * and demand-paged.  Free IDs are kept apart from the table, whose freed
 * entries all read ALASKA_ENTRY_FREE (0), so that a table page whose IDs
 * are all free can be given back to the kernel (MADV_DONTNEED) and still
 * reads as free entries.  For pages to empty out, IDs are given out page
 * by page, lowest first: a thread takes the free IDs of the lowest page
 * that has any in the global pool (a bitmap of free IDs, a bit per ID),
 * or a fresh page above the high-water mark, and gives them out lowest
 * first; an ID it frees goes back to its own page's bits, or, from
 * another page, into a small buffer, which it gives out again once its
 * page's IDs are used up, and which goes to the pool ALASKA_ID_RETURN at a
 * time when it fills.  So IDs freed at random end up in the pool, where the lowest
 * are taken first, and the higher pages drain.  The pool gives back a
 * page once all its IDs are there, keeping the lowest SLACK empty pages
 * for reuse.  Only pool moves take a lock.  The fast paths are inline in
 * internal.h; the slow paths are here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define PAGE_IDS ALASKA_PAGE_IDS
#define PAGE_WORDS ALASKA_PAGE_WORDS
#define PAGES (ALASKA_MAX_HANDLES / PAGE_IDS)
#define SLACK 256               /* empty pages kept for reuse (1 MiB of table) */

/* limit starts at 0, so a thread's first free of another page's ID takes
 * the slow path and registers the exit flush (internal.h). */
__thread struct alaska_id_cache alaska_id_cache __attribute__((tls_model("initial-exec")));

static _Atomic uint64_t pages_hw;       /* pages [0, pages_hw) have been issued */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
/* The global pool: a bit per handle ID, set while the ID is free there;
 * a summary bit per page, set while the page has a free ID there; a bit
 * per page set while the page is given back.  All are reserved at
 * start-up and demand-paged. */
static uint64_t *pool_bits, *pool_summary, *returned;
static size_t pool_low;                 /* no summary word below this is set */
static uint64_t empty_kept;             /* pages all free in the pool, not given back */
static _Atomic uint64_t pages_returned;
static int give_back_failed;            /* madvise refused: keep every page */
static pthread_key_t exit_key;

/* Around fork (threads.c). */
void alaska_ids_lock(int take)
{
  if (take)
    pthread_mutex_lock(&pool_lock);
  else
    pthread_mutex_unlock(&pool_lock);
}

static int bit(const uint64_t *m, size_t i) { return (m[i / 64] >> (i % 64)) & 1; }
static void set_bit(uint64_t *m, size_t i) { m[i / 64] |= UINT64_C(1) << (i % 64); }
static void clear_bit(uint64_t *m, size_t i) { m[i / 64] &= ~(UINT64_C(1) << (i % 64)); }

/* A free ID (one in a thread's page, its return buffer or the pool) has
 * been issued and its entry reads ALASKA_ENTRY_FREE. */
static int id_free_entry(uint32_t id)
{
  return id < alaska_ids_issued()
         && atomic_load_explicit(alaska_entry(id), memory_order_relaxed) == ALASKA_ENTRY_FREE;
}

/* Is any bit of a page's bits set? */
static int any_free(const uint64_t *bits)
{
  for (size_t w = 0; w < PAGE_WORDS; w++)
    if (bits[w])
      return 1;
  return 0;
}

/* Every ID set in the bits of page p is free (id_free_entry). */
static int page_ids_free(size_t p, const uint64_t *bits)
{
  for (size_t i = 0; i < PAGE_IDS; i++)
    if (bit(bits, i) && !id_free_entry((uint32_t) (p * PAGE_IDS + i)))
      return 0;
  return 1;
}

/* Are all IDs of page p free in the pool?  (pool_lock held) */
static int page_empty(size_t p)
{
  for (size_t w = 0; w < PAGE_WORDS; w++)
    if (~pool_bits[p * PAGE_WORDS + w])
      return 0;
  return 1;
}

/* Too many empty pages are kept: give back the highest, which the
 * lowest-first allocation reaches last, down to half of SLACK.
 * (pool_lock held: no ID of such a page can be taken meanwhile.) */
static void give_back(void)
{
  uint64_t hw = atomic_load_explicit(&pages_hw, memory_order_relaxed);
  for (size_t p = hw; p-- > pool_low * 64 && empty_kept > SLACK / 2; ) {
    if (!bit(pool_summary, p) || bit(returned, p) || !page_empty(p))
      continue;
    ALASKA_ASSERT(empty_kept > 0);
    if (madvise((void *) (uintptr_t) (ALASKA_TABLE_BASE + p * 4096), 4096, MADV_DONTNEED) != 0) {
      give_back_failed = 1;
      break;
    }
    set_bit(returned, p);
    empty_kept--;
    atomic_fetch_add_explicit(&pages_returned, 1, memory_order_relaxed);
    size_t group = ALASKA_USABLE_PAGE_IDS / PAGE_IDS, g0 = p / group * group, k = 0;
    while (k < group && bit(returned, g0 + k))
      k++;
    if (k == group)
      alaska_usable_sizes_give_back((uint32_t) (g0 * PAGE_IDS));
  }
}

/* Free IDs into the pool: bits (mask) of word w.  (pool_lock held) */
static void pool_put_word(size_t w, uint64_t mask)
{
  if (!mask)
    return;
  size_t p = w / PAGE_WORDS;
  ALASKA_ASSERT(p < atomic_load_explicit(&pages_hw, memory_order_relaxed));
  ALASKA_ASSERT(!(pool_bits[w] & mask));        /* no ID is freed twice */
  set_bit(pool_summary, p);
  if (p / 64 < pool_low)
    pool_low = p / 64;
  pool_bits[w] |= mask;
  if (!~pool_bits[w] && page_empty(p) && !bit(returned, p))
    empty_kept++;
}

static void maybe_give_back(void)
{
  if (empty_kept > SLACK && !give_back_failed)
    give_back();
}

static void pool_push(const uint32_t *ids, uint32_t n)
{
  for (uint32_t i = 0; i < n; i++)
    ALASKA_ASSERT(id_free_entry(ids[i]));
  pthread_mutex_lock(&pool_lock);
  for (uint32_t i = 0; i < n; i++)
    pool_put_word(ids[i] / 64, UINT64_C(1) << (ids[i] % 64));
  maybe_give_back();
  pthread_mutex_unlock(&pool_lock);
}

/* The thread's page's free IDs go back to the pool. */
static void drop_page(struct alaska_id_cache *c)
{
  if (!c->page1)
    return;
  ALASKA_ASSERT(page_ids_free(c->page1 - 1, c->bits));
  pthread_mutex_lock(&pool_lock);
  for (size_t w = 0; w < PAGE_WORDS; w++)
    pool_put_word((c->page1 - 1) * PAGE_WORDS + w, c->bits[w]);
  maybe_give_back();
  pthread_mutex_unlock(&pool_lock);
  memset(c->bits, 0, sizeof c->bits);
  c->page1 = 0;
}

/* Take the free IDs of the lowest page that has any in the pool into c;
 * 0 if the pool is empty. */
static int pool_take_page(struct alaska_id_cache *c)
{
  pthread_mutex_lock(&pool_lock);
  size_t words = (atomic_load_explicit(&pages_hw, memory_order_relaxed) + 63) / 64;
  for (size_t s = pool_low; s < words; s++) {
    if (!pool_summary[s]) {
      pool_low = s + 1;
      continue;
    }
    size_t p = s * 64 + (size_t) __builtin_ctzll(pool_summary[s]);
    /* A page in the summary has a free ID in the pool; one given back has
     * all of them there. */
    ALASKA_ASSERT(p < atomic_load_explicit(&pages_hw, memory_order_relaxed));
    ALASKA_ASSERT(!bit(returned, p) || page_empty(p));
    ALASKA_ASSERT(page_ids_free(p, pool_bits + p * PAGE_WORDS));
    if (bit(returned, p)) {
      clear_bit(returned, p);
      atomic_fetch_sub_explicit(&pages_returned, 1, memory_order_relaxed);
    } else if (page_empty(p)) {
      ALASKA_ASSERT(empty_kept > 0);
      empty_kept--;
    }
    memcpy(c->bits, pool_bits + p * PAGE_WORDS, sizeof c->bits);
    memset(pool_bits + p * PAGE_WORDS, 0, sizeof c->bits);
    clear_bit(pool_summary, p);
    pthread_mutex_unlock(&pool_lock);
    c->page1 = (uint32_t) p + 1;
    c->low = 0;
    ALASKA_ASSERT(any_free(c->bits));
    return 1;
  }
  pthread_mutex_unlock(&pool_lock);
  return 0;
}

static void flush_on_exit(void *arg)
{
  (void) arg;
  struct alaska_id_cache *c = &alaska_id_cache;
  drop_page(c);
  pool_push(c->ret, c->nret);
  c->nret = 0;
  c->limit = 0;
}

/* Map [at, at + size) with prot where nothing is mapped; 0 or an errno. */
static int map_fixed(uint64_t at, uint64_t size, int prot)
{
  void *want = (void *) (uintptr_t) at;
  void *got = mmap(want, size, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
                   -1, 0);
  if (got == want)
    return 0;
  if (got == MAP_FAILED)
    return errno;
  munmap(got, size);
  return EEXIST;
}

/* Entries are writable in [ALASKA_TABLE_BASE, + writable), grown a
 * chunk at a time as pages of IDs are issued (alaska_map_writable): a
 * small program's table is a small writable mapping. */
#define CHUNK (UINT64_C(64) << 20)
static _Atomic uint64_t writable;
static pthread_mutex_t grow_lock = PTHREAD_MUTEX_INITIALIZER;

/* Make the entries of page p writable; 0 if they cannot be. */
static int table_cover(uint64_t p)
{
  uint64_t need = (p + 1) * 4096;
  if (likely(need <= atomic_load_explicit(&writable, memory_order_acquire)))
    return 1;
  pthread_mutex_lock(&grow_lock);
  uint64_t w = atomic_load_explicit(&writable, memory_order_relaxed);
  int ok = alaska_map_writable((char *) (uintptr_t) ALASKA_TABLE_BASE, &w, need, CHUNK);
  atomic_store_explicit(&writable, w, memory_order_release);
  pthread_mutex_unlock(&grow_lock);
  return ok;
}

void alaska_table_init(void)
{
  /* The whole span read-only: entries become writable as they are used. */
  int err = map_fixed(ALASKA_TABLE_ORIGIN, ALASKA_TABLE_SPAN, PROT_READ);
  if (err)
    alaska_fatal("cannot reserve the handle table at [%#llx, %#llx): %s",
                 (unsigned long long) ALASKA_TABLE_ORIGIN,
                 (unsigned long long) (ALASKA_TABLE_ORIGIN + ALASKA_TABLE_SPAN),
                 err == EEXIST ? "the address range is already in use" : strerror(err));
  size_t words = ALASKA_MAX_HANDLES / 64;
  pool_bits = mmap(NULL, (words + 2 * (PAGES / 64)) * sizeof (uint64_t), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (pool_bits == MAP_FAILED)
    alaska_fatal("cannot reserve the pool of free handle IDs: %s", strerror(errno));
  pool_summary = pool_bits + words;
  returned = pool_summary + PAGES / 64;
  pthread_key_create(&exit_key, flush_on_exit);
}

/* A thread's cached IDs go back to the pool when it exits. */
static void register_exit_flush(struct alaska_id_cache *c)
{
  c->limit = ALASKA_ID_RETURN;
  pthread_setspecific(exit_key, c);
}

/* The thread's page has no free ID left (alaska_id_alloc): the lowest
 * page of the pool, or a fresh one. */
uint32_t alaska_id_refill(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  ALASKA_ASSERT(!any_free(c->bits));
  if (!pool_take_page(c)) {
    uint64_t p = atomic_fetch_add_explicit(&pages_hw, 1, memory_order_relaxed);
    if (p >= PAGES || !table_cover(p)) {
      c->page1 = 0;
      return ALASKA_NO_ID;
    }
    memset(c->bits, 0xff, sizeof c->bits);
    c->page1 = (uint32_t) p + 1;
    c->low = 0;
  }
  return alaska_id_alloc();
}

/* The buffer of other pages' IDs is full (alaska_id_free), or this thread
 * has never freed one: register the exit flush, and send them to the
 * pool. */
void alaska_id_overflow(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  if (c->nret < c->limit)
    return;
  ALASKA_ASSERT(c->nret == c->limit && c->limit == ALASKA_ID_RETURN);
  pool_push(c->ret, c->nret);
  c->nret = 0;
}

uint32_t alaska_ids_issued(void)
{
  uint64_t hw = atomic_load_explicit(&pages_hw, memory_order_relaxed);
  return hw >= PAGES ? (uint32_t) ALASKA_MAX_HANDLES : (uint32_t) (hw * PAGE_IDS);
}

uint64_t alaska_table_bytes(void)
{
  uint64_t hw = atomic_load_explicit(&pages_hw, memory_order_relaxed);
  if (hw > PAGES)
    hw = PAGES;
  return (hw - atomic_load_explicit(&pages_returned, memory_order_relaxed)) * 4096;
}

ALASKA_API void alaska_handles_in(const void *lo, const void *hi,
                                  void (*fn)(uint32_t id, void *backing, void *arg), void *arg)
{
  uint32_t n = alaska_ids_issued();
  uintptr_t l = (uintptr_t) lo, span = (uintptr_t) hi - l;
  for (uint32_t id = 0; id < n; id++) {
    uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
    if (e == ALASKA_ENTRY_FREE)
      continue;
    uintptr_t b = (uintptr_t) alaska_entry_decode(id, e);
    if (b - l < span)
      fn(id, (void *) b, arg);
  }
}

void alaska_bad_backing(uint32_t id, const void *backing)
{
  alaska_fatal("the service gave handle ID %u backing memory at %p, outside the backing "
               "region [%#llx, %#llx) or not 16-byte aligned", id, backing,
               (unsigned long long) ALASKA_BACKING_BASE, (unsigned long long) alaska_backing_end);
}

void alaska_bad_handle(const void *h, const char *what)
{
  uint32_t id = alaska_handle_id(h);
  uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
  if (e == ALASKA_ENTRY_FREE && id >= alaska_ids_issued())
    alaska_fatal("%s of invalid handle %p: handle ID %u was never allocated", what, h, id);
  if (e == ALASKA_ENTRY_FREE) {
    if (!strcmp(what, "free"))
      alaska_fatal("double free of handle %p", h);
    alaska_fatal("%s of freed handle %p", what, h);
  }
  alaska_fatal("%s of %p, which points %u bytes into its object, not at its start",
               what, h, alaska_handle_offset(h));
}
