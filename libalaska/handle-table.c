/* handle-table.c: the handle table and handle-ID allocation.
 *
 * The table's whole span (alaska-abi.h: the zero slots of raw pointers and
 * the 2^31 entries of handle IDs) is reserved with one mmap at start-up
 * and demand-paged.  IDs come from a per-thread cache of two magazines
 * (lists of free IDs threaded through the freed entries themselves: entry
 * = ALASKA_ENTRY_FREE_BIT | next, each with its count and tail), then
 * from a block of fresh IDs bumped from the global high-water mark.  A
 * thread's frees fill the current magazine; a full one becomes the spare,
 * and a full spare goes to the global pool.  A thread that runs dry takes
 * its spare, then a magazine from the pool, before bumping.  Magazines
 * move whole, by their head and tail, and only pool moves take a lock.
 * The fast paths (a pop or a push on the current magazine) are inline in
 * internal.h; the slow paths are here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define BATCH 64                /* IDs in a full magazine */

/* limit starts at 0, so a thread's first free takes the slow path and
 * registers the exit flush (internal.h). */
__thread struct alaska_id_cache alaska_id_cache __attribute__((tls_model("initial-exec"))) = {
  .head = ALASKA_NO_ID, .spare = { ALASKA_NO_ID, ALASKA_NO_ID, 0 },
};

static _Atomic uint64_t bump_hw;        /* IDs [0, bump_hw) have been issued to caches */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct alaska_id_magazine *pool; /* a stack of magazines, mapped as it grows */
static size_t pool_n, pool_cap;
static pthread_key_t exit_key;

/* Around fork (threads.c). */
void alaska_ids_lock(int take)
{
  if (take)
    pthread_mutex_lock(&pool_lock);
  else
    pthread_mutex_unlock(&pool_lock);
}

/* Put a non-empty magazine on the pool.  Without room for it (no memory
 * to grow the stack), its IDs are spliced onto the top magazine, or, on
 * an empty pool, left unused. */
static void pool_push(struct alaska_id_magazine m)
{
  pthread_mutex_lock(&pool_lock);
  if (pool_n == pool_cap) {
    size_t cap = pool_cap ? 2 * pool_cap : 1024;
    void *v = pool ? mremap(pool, pool_cap * sizeof *pool, cap * sizeof *pool, MREMAP_MAYMOVE)
                   : mmap(NULL, cap * sizeof *pool, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (v != MAP_FAILED) {
      pool = v;
      pool_cap = cap;
    }
  }
  if (pool_n < pool_cap) {
    pool[pool_n++] = m;
  } else if (pool_n > 0) {
    struct alaska_id_magazine *top = &pool[pool_n - 1];
    alaska_id_link_set(m.tail, top->head);
    top->head = m.head;
    top->count += m.count;
  }
  pthread_mutex_unlock(&pool_lock);
}

static int pool_pop(struct alaska_id_magazine *m)
{
  pthread_mutex_lock(&pool_lock);
  int got = pool_n > 0;
  if (got)
    *m = pool[--pool_n];
  pthread_mutex_unlock(&pool_lock);
  return got;
}

static void flush_on_exit(void *arg)
{
  (void) arg;
  struct alaska_id_cache *c = &alaska_id_cache;
  /* Unissued IDs of this thread's block join the current magazine. */
  while (c->bump_next < c->bump_end)
    alaska_id_free(c->bump_next++);
  if (c->count)
    pool_push((struct alaska_id_magazine) { c->head, c->tail, c->count });
  if (c->spare.count)
    pool_push(c->spare);
  c->head = c->spare.head = c->spare.tail = ALASKA_NO_ID;
  c->count = c->spare.count = 0;
  c->limit = 0;
}

void alaska_table_init(void)
{
  /* The whole span read-only, then the entries of handle IDs writable. */
  void *want = (void *) (uintptr_t) ALASKA_TABLE_ORIGIN;
  void *got = mmap(want, ALASKA_TABLE_SPAN, PROT_READ,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
                   -1, 0);
  int err = 0;
  if (got == MAP_FAILED)
    err = errno;
  else if (got != want)
    err = EEXIST;
  else if (mprotect((void *) (uintptr_t) ALASKA_TABLE_BASE, ALASKA_TABLE_SIZE,
                    PROT_READ | PROT_WRITE) != 0)
    err = errno;
  if (err) {
    if (got != MAP_FAILED)
      munmap(got, ALASKA_TABLE_SPAN);
    alaska_fatal("cannot reserve the handle table at [%#llx, %#llx): %s",
                 (unsigned long long) ALASKA_TABLE_ORIGIN,
                 (unsigned long long) (ALASKA_TABLE_ORIGIN + ALASKA_TABLE_SPAN),
                 err == EEXIST ? "the address range is already in use" : strerror(err));
  }
  pthread_key_create(&exit_key, flush_on_exit);
}

/* A thread's cached IDs go back to the pool when it exits. */
static void register_exit_flush(struct alaska_id_cache *c)
{
  c->limit = BATCH;
  pthread_setspecific(exit_key, c);
}

/* The current magazine and the block are empty (alaska_id_alloc): the
 * spare, a magazine of the pool, or a fresh block. */
uint32_t alaska_id_refill(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  struct alaska_id_magazine m = c->spare;
  if (m.count)
    c->spare = (struct alaska_id_magazine) { ALASKA_NO_ID, ALASKA_NO_ID, 0 };
  else if (!pool_pop(&m))
    m.count = 0;
  if (m.count) {
    c->head = alaska_id_link_next(m.head);
    c->tail = m.tail;
    c->count = m.count - 1;
    return m.head;
  }
  uint64_t start = atomic_fetch_add_explicit(&bump_hw, BATCH, memory_order_relaxed);
  if (start >= ALASKA_LAST_ID)
    return ALASKA_NO_ID;
  uint64_t end = start + BATCH;
  if (end > ALASKA_LAST_ID)
    end = ALASKA_LAST_ID;
  c->bump_next = (uint32_t) start + 1;
  c->bump_end = (uint32_t) end;
  return (uint32_t) start;
}

/* The current magazine went over its limit (alaska_id_free): register the
 * exit flush if this thread has never allocated; or the magazine becomes
 * the spare, and a full spare goes to the pool. */
void alaska_id_overflow(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  if (c->count <= c->limit)
    return;
  if (c->spare.count)
    pool_push(c->spare);
  c->spare = (struct alaska_id_magazine) { c->head, c->tail, c->count };
  c->head = ALASKA_NO_ID;
  c->count = 0;
}

uint32_t alaska_ids_issued(void)
{
  uint64_t hw = atomic_load_explicit(&bump_hw, memory_order_relaxed);
  return hw > ALASKA_MAX_HANDLES ? (uint32_t) ALASKA_MAX_HANDLES : (uint32_t) hw;
}

ALASKA_API void alaska_handles_in(const void *lo, const void *hi,
                                  void (*fn)(uint32_t id, void *backing, void *arg), void *arg)
{
  uint32_t n = alaska_ids_issued();
  uintptr_t l = (uintptr_t) lo, span = (uintptr_t) hi - l;
  for (uint32_t id = 0; id < n; id++) {
    uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
    if (e == 0 || (e & ALASKA_ENTRY_FREE_BIT))
      continue;
    uintptr_t b = (uintptr_t) alaska_entry_decode(e);
    if (b - l < span)
      fn(id, (void *) b, arg);
  }
}

void alaska_bad_backing(uint32_t id, const void *backing)
{
  alaska_fatal("the service gave handle ID %u backing memory at %p, outside the backing "
               "region [%#llx, %#llx) or not 16-byte aligned", id, backing,
               (unsigned long long) ALASKA_BACKING_BASE, (unsigned long long) ALASKA_BACKING_END);
}

void alaska_bad_handle(const void *h, const char *what)
{
  uint32_t id = alaska_handle_id(h);
  uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
  if (e == 0)
    alaska_fatal("%s of invalid handle %p: handle ID %u was never allocated", what, h, id);
  if (e & ALASKA_ENTRY_FREE_BIT) {
    if (!strcmp(what, "free"))
      alaska_fatal("double free of handle %p", h);
    alaska_fatal("%s of freed handle %p", what, h);
  }
  alaska_fatal("%s of %p, which points %u bytes into its object, not at its start",
               what, h, alaska_handle_offset(h));
}
