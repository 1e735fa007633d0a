/* SPDX-License-Identifier: MIT */
/* handle-table.c: the handle table and handle-ID allocation.
 *
 * The table's whole span (alaska-abi.h: the zero slots of raw pointers and
 * the 2^31 entries of handle IDs) is reserved with one mmap at start-up
 * and demand-paged.  Free IDs are kept apart from the table, whose freed
 * entries all read ALASKA_ENTRY_FREE (0): each thread caches up to two
 * magazines of them (ALASKA_ID_BATCH IDs each) on one stack, then bumps a
 * block of fresh IDs from the global high-water mark.  A thread's frees
 * push on its stack; a full stack sends its older magazine to the global
 * pool.  A thread that runs dry takes a magazine's worth from the pool
 * before bumping.  The pool keeps up to DEPOT whole magazines as they
 * came (a move copies 32 IDs, where the bitmap below costs about 37
 * instructions per ID there and back: 2% of Lua's binary-trees), and
 * the rest in a bitmap of IDs, which gives out its lowest IDs first.
 * Only pool moves take a lock.
 * The fast paths (a pop or a push) are inline in internal.h; the slow
 * paths are here.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define BATCH ALASKA_ID_BATCH
#define FRESH 64                /* IDs in a block bumped from the high-water mark */
#define DEPOT 1024              /* whole magazines the pool keeps */

/* limit starts at 0, so a thread's first free takes the slow path and
 * registers the exit flush (internal.h). */
__thread struct alaska_id_cache alaska_id_cache __attribute__((tls_model("initial-exec")));

static _Atomic uint64_t bump_hw;        /* IDs [0, bump_hw) have been issued to caches */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
/* The global pool: a bit per handle ID, set while the ID is free there,
 * and a summary bit per word of it, set while the word is not zero.  Both
 * are reserved at start-up and demand-paged: a pool of N free IDs below
 * the high-water mark hw costs about hw / 8 bytes, however large N is. */
static uint64_t *pool_bits, *pool_summary;
static size_t pool_low;                 /* no summary word below this is set */
static uint32_t depot[DEPOT][BATCH];    /* whole magazines, the last pushed on top */
static unsigned depot_n;
static pthread_key_t exit_key;

/* Around fork (threads.c). */
void alaska_ids_lock(int take)
{
  if (take)
    pthread_mutex_lock(&pool_lock);
  else
    pthread_mutex_unlock(&pool_lock);
}

/* Put n IDs on the pool. */
static void pool_push(const uint32_t *ids, uint32_t n)
{
  pthread_mutex_lock(&pool_lock);
  if (n == BATCH && depot_n < DEPOT) {
    memcpy(depot[depot_n++], ids, sizeof depot[0]);
    n = 0;
  }
  for (uint32_t i = 0; i < n; i++) {
    size_t w = ids[i] / 64;
    if (!pool_bits[w]) {
      pool_summary[w / 64] |= 1ull << (w % 64);
      if (w / 64 < pool_low)
        pool_low = w / 64;
    }
    pool_bits[w] |= 1ull << (ids[i] % 64);
  }
  pthread_mutex_unlock(&pool_lock);
}

/* The depot's last magazine as it came, or else the lowest IDs of the
 * bitmap, up to BATCH, into ids[] from the highest down, so that the
 * thread's stack gives them out lowest first and IDs given out together
 * have their entries side by side; their count, 0 if the pool is empty. */
static uint32_t pool_pop(uint32_t *ids)
{
  pthread_mutex_lock(&pool_lock);
  if (depot_n) {
    memcpy(ids, depot[--depot_n], sizeof depot[0]);
    pthread_mutex_unlock(&pool_lock);
    return BATCH;
  }
  uint32_t n = 0;
  size_t words = (alaska_ids_issued() + 63) / 64;
  for (size_t s = pool_low; n < BATCH && s < (words + 63) / 64; s++) {
    while (n < BATCH && pool_summary[s]) {
      size_t w = s * 64 + __builtin_ctzll(pool_summary[s]);
      while (n < BATCH && pool_bits[w]) {
        ids[n++] = (uint32_t) (w * 64 + __builtin_ctzll(pool_bits[w]));
        pool_bits[w] &= pool_bits[w] - 1;
      }
      if (!pool_bits[w])
        pool_summary[s] &= ~(1ull << (w % 64));
    }
    if (!pool_summary[s])
      pool_low = s + 1;
  }
  pthread_mutex_unlock(&pool_lock);
  for (uint32_t i = 0; i < n / 2; i++) {
    uint32_t t = ids[i];
    ids[i] = ids[n - 1 - i];
    ids[n - 1 - i] = t;
  }
  return n;
}

static void flush_on_exit(void *arg)
{
  (void) arg;
  struct alaska_id_cache *c = &alaska_id_cache;
  /* Unissued IDs of this thread's block go too. */
  while (c->bump_next < c->bump_end)
    alaska_id_free(c->bump_next++);
  pool_push(c->ids, c->n);
  c->n = 0;
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
  size_t words = ALASKA_MAX_HANDLES / 64;
  pool_bits = mmap(NULL, (words + words / 64) * sizeof (uint64_t), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (pool_bits == MAP_FAILED)
    alaska_fatal("cannot reserve the pool of free handle IDs: %s", strerror(errno));
  pool_summary = pool_bits + words;
  pthread_key_create(&exit_key, flush_on_exit);
}

/* A thread's cached IDs go back to the pool when it exits. */
static void register_exit_flush(struct alaska_id_cache *c)
{
  c->limit = 2 * BATCH;
  pthread_setspecific(exit_key, c);
}

/* The stack and the block are empty (alaska_id_alloc): a magazine's worth
 * of the pool, or a fresh block. */
uint32_t alaska_id_refill(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  uint32_t n = pool_pop(c->ids);
  if (n) {
    c->n = n - 1;
    return c->ids[n - 1];
  }
  uint64_t start = atomic_fetch_add_explicit(&bump_hw, FRESH, memory_order_relaxed);
  if (start >= ALASKA_MAX_HANDLES)
    return ALASKA_NO_ID;
  uint64_t end = start + FRESH;
  if (end > ALASKA_MAX_HANDLES)
    end = ALASKA_MAX_HANDLES;
  c->bump_next = (uint32_t) start + 1;
  c->bump_end = (uint32_t) end;
  return (uint32_t) start;
}

/* The stack is full (alaska_id_free), or this thread has never freed:
 * register the exit flush, and send the older magazine to the pool. */
void alaska_id_overflow(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  if (c->n < c->limit)
    return;
  pool_push(c->ids, BATCH);
  memmove(c->ids, c->ids + BATCH, (c->n - BATCH) * sizeof *c->ids);
  c->n -= BATCH;
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
