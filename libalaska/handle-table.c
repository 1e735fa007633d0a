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
 * moves take a lock.  The fast paths (a pop or a push on the local list)
 * are inline in internal.h; the slow paths are here.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define BATCH ALASKA_ID_BATCH     /* IDs moved between a thread and the global pool */

/* limit starts at 0, so a thread's first free takes the slow path and
 * registers the exit flush (internal.h). */
__thread struct alaska_id_cache alaska_id_cache __attribute__((tls_model("initial-exec"))) = {
  ALASKA_NO_ID, 0, 0, 0, 0
};

static _Atomic uint64_t bump_hw;        /* IDs [0, bump_hw) have been issued to caches */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t pool_head = ALASKA_NO_ID;
static pthread_key_t exit_key;

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
  alaska_id_link_set(tail, pool_head);
  pool_head = head;
  pthread_mutex_unlock(&pool_lock);
}

static void flush_on_exit(void *arg)
{
  (void) arg;
  struct alaska_id_cache *c = &alaska_id_cache;
  /* Unissued IDs of this thread's block join the free list first. */
  while (c->bump_next < c->bump_end) {
    alaska_id_link_set(c->bump_next, c->head);
    c->head = c->bump_next++;
    c->count++;
  }
  if (c->head != ALASKA_NO_ID) {
    uint32_t tail = c->head;
    while (alaska_id_link_next(tail) != ALASKA_NO_ID)
      tail = alaska_id_link_next(tail);
    pool_push(c->head, tail);
  }
  c->head = ALASKA_NO_ID;
  c->count = 0;
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
  c->limit = 2 * BATCH;
  pthread_setspecific(exit_key, c);
}

/* The local free list and block are empty (alaska_id_alloc). */
uint32_t alaska_id_refill(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  /* Take up to a batch from the global pool. */
  pthread_mutex_lock(&pool_lock);
  if (pool_head != ALASKA_NO_ID) {
    uint32_t head = pool_head, tail = head, n = 1;
    while (n < BATCH && alaska_id_link_next(tail) != ALASKA_NO_ID) {
      tail = alaska_id_link_next(tail);
      n++;
    }
    pool_head = alaska_id_link_next(tail);
    pthread_mutex_unlock(&pool_lock);
    alaska_id_link_set(tail, ALASKA_NO_ID);
    c->head = alaska_id_link_next(head);
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

/* The local list went over its limit (alaska_id_free): register the exit
 * flush if this thread has never allocated, or give the oldest-linked half
 * of a full cache back, keeping the first BATCH. */
void alaska_id_overflow(struct alaska_id_cache *c)
{
  if (!c->limit)
    register_exit_flush(c);
  if (c->count <= c->limit)
    return;
  uint32_t last_kept = c->head;
  for (int i = 1; i < BATCH; i++)
    last_kept = alaska_id_link_next(last_kept);
  uint32_t give = alaska_id_link_next(last_kept), tail = give;
  while (alaska_id_link_next(tail) != ALASKA_NO_ID)
    tail = alaska_id_link_next(tail);
  alaska_id_link_set(last_kept, ALASKA_NO_ID);
  c->count = BATCH;
  pool_push(give, tail);
}

uint32_t alaska_ids_issued(void)
{
  uint64_t hw = atomic_load_explicit(&bump_hw, memory_order_relaxed);
  return hw > ALASKA_MAX_HANDLES ? (uint32_t) ALASKA_MAX_HANDLES : (uint32_t) hw;
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
