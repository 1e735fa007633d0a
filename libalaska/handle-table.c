/* handle-table.c: the handle table and handle-ID allocation.
 *
 * The table's whole span (alaska-abi.h: the zero slots of raw pointers and
 * the 2^31 entries of handle IDs) is reserved with one mmap at start-up
 * and demand-paged.  IDs come from a
 * per-thread cache: its free list first, then a block of fresh IDs bumped
 * from the global high-water mark.  Free lists are threaded through the
 * freed entries themselves (entry = next << 32 | ALASKA_ENTRY_FREE_BIT).
 * A thread that frees many IDs hands a batch to a global list; a thread
 * that runs dry takes a batch from it before bumping.  Only those batch
 * moves take a lock.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define BATCH 64                /* IDs moved between a thread and the global pool */
#define LINK_NONE UINT64_C(0xffffffff)

struct id_cache {
  uint32_t head;                /* local free list (ALASKA_NO_ID = empty) */
  uint32_t count;               /* IDs on it */
  uint32_t bump_next, bump_end; /* unissued block [next, end) */
  int exit_hook;                /* thread-exit flush registered */
};

static __thread struct id_cache cache __attribute__((tls_model("initial-exec"))) = {
  ALASKA_NO_ID, 0, 0, 0, 0
};

static _Atomic uint64_t bump_hw;        /* IDs [0, bump_hw) have been issued to caches */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t pool_head = ALASKA_NO_ID;
static pthread_key_t exit_key;

static inline uint32_t link_next(uint32_t id)
{
  uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
  return (uint32_t) (e >> 32);
}

static inline void link_set(uint32_t id, uint32_t next)
{
  atomic_store_explicit(alaska_entry(id), ((uint64_t) next << 32) | ALASKA_ENTRY_FREE_BIT,
                        memory_order_relaxed);
}

/* Around fork (threads.c). */
void alaska_ids_lock(int take)
{
  if (take)
    pthread_mutex_lock(&pool_lock);
  else
    pthread_mutex_unlock(&pool_lock);
}

/* Splice the chain head..tail (linked through entries) onto the pool. */
static void pool_push(uint32_t head, uint32_t tail)
{
  pthread_mutex_lock(&pool_lock);
  link_set(tail, pool_head);
  pool_head = head;
  pthread_mutex_unlock(&pool_lock);
}

static void flush_on_exit(void *arg)
{
  (void) arg;
  struct id_cache *c = &cache;
  /* Unissued IDs of this thread's block join the free list first. */
  while (c->bump_next < c->bump_end) {
    link_set(c->bump_next, c->head);
    c->head = c->bump_next++;
    c->count++;
  }
  if (c->head != ALASKA_NO_ID) {
    uint32_t tail = c->head;
    while (link_next(tail) != ALASKA_NO_ID)
      tail = link_next(tail);
    pool_push(c->head, tail);
  }
  c->head = ALASKA_NO_ID;
  c->count = 0;
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
static void register_exit_flush(struct id_cache *c)
{
  c->exit_hook = 1;
  pthread_setspecific(exit_key, c);
}

/* Out of line, so that alaska_id_alloc's fast path saves no registers. */
static __attribute__((noinline, cold)) uint32_t refill(struct id_cache *c)
{
  if (!c->exit_hook)
    register_exit_flush(c);
  /* Take up to a batch from the global pool. */
  pthread_mutex_lock(&pool_lock);
  if (pool_head != ALASKA_NO_ID) {
    uint32_t head = pool_head, tail = head, n = 1;
    while (n < BATCH && link_next(tail) != ALASKA_NO_ID) {
      tail = link_next(tail);
      n++;
    }
    pool_head = link_next(tail);
    pthread_mutex_unlock(&pool_lock);
    link_set(tail, ALASKA_NO_ID);
    c->head = link_next(head);
    c->count = n - 1;
    return head;
  }
  pthread_mutex_unlock(&pool_lock);
  /* Bump a fresh block. */
  uint64_t start = atomic_fetch_add_explicit(&bump_hw, BATCH, memory_order_relaxed);
  if (start >= ALASKA_MAX_HANDLES)
    return ALASKA_NO_ID;
  uint64_t end = start + BATCH;
  if (end > ALASKA_MAX_HANDLES)
    end = ALASKA_MAX_HANDLES;
  c->bump_next = (uint32_t) start + 1;
  c->bump_end = (uint32_t) end;
  return (uint32_t) start;
}

uint32_t alaska_id_alloc(void)
{
  struct id_cache *c = &cache;
  if (likely(c->head != ALASKA_NO_ID)) {
    uint32_t id = c->head;
    c->head = link_next(id);
    c->count--;
    return id;
  }
  if (likely(c->bump_next < c->bump_end))
    return c->bump_next++;
  return refill(c);
}

/* Give the oldest-linked half of a full cache back: the first BATCH stay
 * local.  Out of line, like refill. */
static __attribute__((noinline, cold)) void give_back(struct id_cache *c)
{
  uint32_t last_kept = c->head;
  for (int i = 1; i < BATCH; i++)
    last_kept = link_next(last_kept);
  uint32_t give = link_next(last_kept), tail = give;
  while (link_next(tail) != ALASKA_NO_ID)
    tail = link_next(tail);
  link_set(last_kept, ALASKA_NO_ID);
  c->count = BATCH;
  pool_push(give, tail);
}

void alaska_id_free(uint32_t id)
{
  struct id_cache *c = &cache;
  if (unlikely(!c->exit_hook))
    register_exit_flush(c);     /* a thread that only frees */
  link_set(id, c->head);
  c->head = id;
  if (unlikely(++c->count > 2 * BATCH))
    give_back(c);
}

uint32_t alaska_ids_issued(void)
{
  uint64_t hw = atomic_load_explicit(&bump_hw, memory_order_relaxed);
  return hw > ALASKA_MAX_HANDLES ? (uint32_t) ALASKA_MAX_HANDLES : (uint32_t) hw;
}

void *alaska_checked_backing(const void *h, const char *what)
{
  uint32_t id = alaska_handle_id(h);
  uint64_t e = id < alaska_ids_issued()
    ? atomic_load_explicit(alaska_entry(id), memory_order_relaxed) : 0;
  if (unlikely(e == 0))
    alaska_fatal("%s of invalid handle %p: handle ID %u was never allocated", what, h, id);
  if (unlikely(e & ALASKA_ENTRY_FREE_BIT)) {
    if (!strcmp(what, "free"))
      alaska_fatal("double free of handle %p", h);
    alaska_fatal("%s of freed handle %p", what, h);
  }
  if (unlikely(alaska_handle_offset(h) != 0))
    alaska_fatal("%s of %p, which points %u bytes into its object, not at its start",
                 what, h, alaska_handle_offset(h));
  return alaska_entry_decode(id, e);
}
