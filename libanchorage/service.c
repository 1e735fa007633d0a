/* SPDX-License-Identifier: MIT */
/* service.c: Anchorage as an alaska service -- the allocation callbacks
 * libalaska calls.  Small objects go to the thread heaps (thread-cache.c).
 * Medium ones go to the shards of block sub-heaps: each thread allocates
 * from one of NSHARDS shards (assigned round-robin on its first such
 * allocation); a shard has a lock, a current sub-heap and the list of
 * sub-heaps it owns, and a block is freed under the lock of the shard that
 * owns its sub-heap.  Objects too large for a sub-heap take mappings of
 * their own (large.c), which passes move with mremap.  Objects aligned
 * beyond 16 bytes, and every object once Anchorage's ranges are full, come
 * from libalaska's region malloc (its jemalloc arena in the backing
 * region) and never move. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include "internal.h"

struct shard anchorage_shards[NSHARDS];
static __thread int my_shard __attribute__((tls_model("initial-exec"))) = -1;
static unsigned next_shard;
static int active;

int anchorage_active(void)
{
  return __atomic_load_n(&active, __ATOMIC_ACQUIRE);
}

/* Counters are written under the shard's lock (or in a barrier) and read
 * without it by the control loop. */
void shard_add_live(struct shard *s, long delta)
{
  __atomic_store_n(&s->live, s->live + delta, __ATOMIC_RELAXED);
}

void shard_add_extent(struct shard *s, long delta)
{
  __atomic_store_n(&s->extent, s->extent + delta, __ATOMIC_RELAXED);
}

void shard_adopt(struct shard *s, struct subheap *sh)
{
  sh->owner = s;
  sh->prev = NULL;
  sh->next = s->list;
  if (s->list)
    s->list->prev = sh;
  s->list = sh;
  shard_add_extent(s, (long) subheap_extent(sh));
  shard_add_live(s, (long) sh->live);
}

void shard_release(struct subheap *sh)
{
  struct shard *s = sh->owner;
  if (sh->prev)
    sh->prev->next = sh->next;
  else
    s->list = sh->next;
  if (sh->next)
    sh->next->prev = sh->prev;
  if (s->cur == sh)
    s->cur = NULL;
  shard_add_extent(s, -(long) subheap_extent(sh));
  shard_add_live(s, -(long) sh->live);
  subheap_put(sh);
}

static struct shard *this_shard(void)
{
  if (unlikely(my_shard < 0))
    my_shard = (int) (__atomic_fetch_add(&next_shard, 1, __ATOMIC_RELAXED) % NSHARDS);
  return &anchorage_shards[my_shard];
}

/* The current sub-heap cannot serve `size`: try the shard's others (a few,
 * most recently adopted first), then a fresh one from the pool. */
static char *refill(struct shard *s, size_t size)
{
  int tries = 0;
  for (struct subheap *sh = s->list; sh && tries < 4; sh = sh->next) {
    if (sh == s->cur)
      continue;
    tries++;
    char *p = subheap_alloc(sh, size);
    if (p) {
      s->cur = sh;
      return p;
    }
  }
  struct subheap *sh = subheap_get();
  if (!sh)
    return NULL;
  shard_adopt(s, sh);
  s->cur = sh;
  return subheap_alloc(sh, size);
}

/* Objects aligned beyond 16 bytes (which would never move), and those
 * Anchorage has no room for, come from libalaska's jemalloc arena in the
 * backing region, and never move. */
void *anchorage_region_alloc(size_t size, size_t align, int zero)
{
  void *p = alaska_region_malloc(size, align, zero);
  if (p)
    anchorage_stats_large((long) alaska_region_usable_size(p));
  return p;
}

/* A medium hot block of bs bytes (a class's size); NULL: none. */
static inline void *medium_hot_take(size_t bs)
{
  struct theap *h = anchorage_my_heap;
  unsigned k = size_class(bs) - NCLASSES;
  void **b = h->mhot[k];
  if (b) {
    h->mhot[k] = *b;
    h->nmhot[k]--;
    __atomic_store_n(&h->mhot_bytes, h->mhot_bytes - (long) bs, __ATOMIC_RELAXED);
  }
  return b;
}

/* Keep the medium block p of `size` bytes as a hot block; 0 if the
 * thread keeps enough. */
static inline int medium_hot_keep(void *p, size_t size)
{
  struct theap *h = anchorage_my_heap;
  unsigned k = size_class(size) - NCLASSES;
  if (class_size(k + NCLASSES) != size || h->nmhot[k] >= MHOT_MAX
      || h->mhot_bytes > MHOT_BYTES - (long) size)
    return 0;
  *(void **) p = h->mhot[k];
  h->mhot[k] = p;
  h->nmhot[k]++;
  __atomic_store_n(&h->mhot_bytes, h->mhot_bytes + (long) size, __ATOMIC_RELAXED);
  return 1;
}

/* Free the medium block p under its shard's lock. */
static void medium_free(char *p)
{
  struct subheap *sh = subheap_of(p);
  struct shard *s = sh->owner;          /* stable: the sub-heap holds p */
  pthread_mutex_lock(&s->lock);
  subheap_free(sh, p, block_size(sh, p));
  if (sh->live == 0 && sh != s->cur)
    shard_release(sh);
  pthread_mutex_unlock(&s->lock);
}

void medium_flush_hot(struct theap *h)
{
  for (unsigned k = 0; k < NMEDIUM; k++) {
    void **b;
    while ((b = h->mhot[k])) {
      h->mhot[k] = *b;
      medium_free((char *) b);
    }
    h->nmhot[k] = 0;
  }
  __atomic_store_n(&h->mhot_bytes, 0, __ATOMIC_RELAXED);
}

/* Everything but a small, unaligned, uninitialised object. */
static __attribute__((noinline)) void *alloc_other(size_t size, size_t align, int zero)
{
  if (size <= SMALL_MAX && align <= 16) {
    void *p = tc_alloc(size);
    if (p)
      memset(p, 0, size);
    return p;
  }
  size_t bs = block_for(size);
  if (unlikely(align > 16))
    return anchorage_region_alloc(size, align, zero);
  if (unlikely(bs > LARGE_BLOCK)) {
    void *p = large_alloc(size);                /* zero-filled: a fresh mapping */
    return p ? p : anchorage_region_alloc(size, align, zero);
  }
  char *p = medium_hot_take(bs);
  if (p) {
    if (zero)
      memset(p, 0, size);
    return p;
  }
  struct shard *s = this_shard();
  pthread_mutex_lock(&s->lock);
  p = s->cur ? subheap_alloc(s->cur, bs) : NULL;
  if (unlikely(!p))
    p = refill(s, bs);
  pthread_mutex_unlock(&s->lock);
  if (unlikely(!p))                     /* the reserved region is full */
    return anchorage_region_alloc(size, align, zero);
  if (zero)
    memset(p, 0, size);
  return p;
}

/* The fast path is tc_alloc's, called last so that it needs no frame:
 * tc_alloc itself falls back on the region when the heap is full. */
static void *anchorage_alloc(uint32_t id, size_t size, size_t align, int zero)
{
  (void) id;
  if (likely(size <= SMALL_MAX && align <= 16 && !zero))
    return tc_alloc(size);
  return alloc_other(size, align, zero);
}

/* Everything but a small object. */
static __attribute__((noinline)) void free_other(void *p)
{
  if (unlikely(!in_region(p))) {
    if (in_large(p)) {
      large_free(p);
      return;
    }
    anchorage_stats_large(-(long) alaska_region_usable_size(p));
    alaska_region_free(p);
    return;
  }
  struct subheap *sh = subheap_of(p);
  if (!medium_hot_keep(p, block_size(sh, p)))
    medium_free(p);
}

static void anchorage_free(uint32_t id, void *p)
{
  (void) id;
  if (likely(in_region(p) && subheap_of(p)->kind == SH_PAGES))
    tc_free(p);
  else
    free_other(p);
}

static size_t anchorage_usable_size(uint32_t id, void *p)
{
  (void) id;
  if (unlikely(!in_region(p)))
    return in_large(p) ? large_usable_size(p) : alaska_region_usable_size(p);
  struct subheap *sh = subheap_of(p);
  if (sh->kind == SH_PAGES)
    return page_of(p)->size;
  return block_size(sh, p);
}

static void *anchorage_realloc(uint32_t id, void *p, size_t size)
{
  size_t old = anchorage_usable_size(id, p), bs = block_for(size);
  if (in_region(p) && subheap_of(p)->kind == SH_PAGES) {
    if (size <= SMALL_MAX && class_size(size_class(size)) == old)       /* its class */
      return p;
  } else if (in_region(p)) {
    if (bs <= old && bs * 2 > old)      /* fits, and not much too big */
      return p;
    if (bs > old && bs <= LARGE_BLOCK) {        /* the last block: grow in place */
      struct subheap *sh = subheap_of(p);
      struct shard *s = sh->owner;
      pthread_mutex_lock(&s->lock);
      int grown = subheap_grow_last(sh, p, old, bs);
      pthread_mutex_unlock(&s->lock);
      if (grown)
        return p;
    }
  } else if (in_large(p)) {
    if (bs > LARGE_BLOCK) {
      void *n = large_realloc(p, size);
      if (n)
        return n;
    }
  } else if (bs > LARGE_BLOCK) {
    void *n = alaska_region_realloc(p, size);
    if (n)
      anchorage_stats_large((long) alaska_region_usable_size(n) - (long) old);
    return n;
  }
  void *n = anchorage_alloc(id, size, 16, 0);
  if (!n)
    return NULL;
  memcpy(n, p, old < size ? old : size);
  anchorage_free(id, p);
  return n;
}

/* fork: no lock of the heap may be held across it. */
static void before_fork(void)
{
  pthread_mutex_lock(&anchorage_heaps_lock);
  pthread_mutex_lock(&anchorage_pages_lock);
  pthread_mutex_lock(&anchorage_large_lock);
  for (int i = 0; i < NSHARDS; i++)
    pthread_mutex_lock(&anchorage_shards[i].lock);
}

static void after_fork(void)
{
  for (int i = 0; i < NSHARDS; i++)
    pthread_mutex_unlock(&anchorage_shards[i].lock);
  pthread_mutex_unlock(&anchorage_large_lock);
  pthread_mutex_unlock(&anchorage_pages_lock);
  pthread_mutex_unlock(&anchorage_heaps_lock);
}

static void after_fork_child(void)
{
  for (int i = 0; i < NSHARDS; i++)
    pthread_mutex_init(&anchorage_shards[i].lock, NULL);
  pthread_mutex_init(&anchorage_large_lock, NULL);
  pthread_mutex_init(&anchorage_pages_lock, NULL);
  pthread_mutex_init(&anchorage_heaps_lock, NULL);
  anchorage_control_start();            /* the control thread did not survive */
}

static int anchorage_init(void)
{
  anchorage_options_init();
  if (anchorage_region_init()) {
    anchorage_warn("cannot reserve address space for the heap");
    return -1;
  }
  for (int i = 0; i < NSHARDS; i++)
    pthread_mutex_init(&anchorage_shards[i].lock, NULL);
  if (anchorage_heaps_init()) {
    anchorage_warn("cannot create the thread heaps' key");
    return -1;
  }
  pthread_atfork(before_fork, after_fork, after_fork_child);
  __atomic_store_n(&active, 1, __ATOMIC_RELEASE);
  return anchorage_control_start();
}

static void anchorage_deinit(void)
{
  anchorage_control_stop();
  if (anchorage_option(OPT_STATS))
    anchorage_stats_print();
}

ANCHORAGE_API const struct alaska_service alaska_service_anchorage = {
  .name = "anchorage",
  .init = anchorage_init,
  .deinit = anchorage_deinit,
  .alloc = anchorage_alloc,
  .free = anchorage_free,
  .realloc = anchorage_realloc,
  .usable_size = anchorage_usable_size,
  .barrier = anchorage_barrier_hook,
};

/* Linking libanchorage makes it the default service (ALASKA_SERVICE
 * still chooses another). */
ANCHORAGE_API const struct alaska_service *const alaska_default_service = &alaska_service_anchorage;
