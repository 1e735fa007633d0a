/* subheap.c: the heap's memory and its sub-heaps.  One range of address
 * space, reserved once (PROT_NONE), is cut into SUBHEAP_SIZE sub-heaps,
 * made accessible in address order as they are first used: the heap is
 * two mappings (used and reserved) whatever its size, and tools that scan
 * the accessible memory (valgrind) see only what was used.  Each sub-heap bump-allocates blocks and reuses freed ones
 * through power-of-two free lists, checking only a list head.  The caller
 * holds the owning shard's lock, or the world is stopped. */
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define MAX_SUBHEAPS 4096                     /* 64 GiB of address space */

char *anchorage_region;
size_t anchorage_region_size;
struct subheap anchorage_subheaps[MAX_SUBHEAPS];
unsigned anchorage_subheaps_used;
static unsigned subheaps_max;
static struct subheap *pool;                  /* unused sub-heaps (via next) */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

int anchorage_region_init(void)
{
  /* Ask for 64 GiB of address space, less if the kernel refuses (strict
   * overcommit accounting ignores MAP_NORESERVE). */
  for (size_t n = MAX_SUBHEAPS; n >= 8; n /= 2) {
    void *p = mmap(NULL, n * SUBHEAP_SIZE, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) {
      anchorage_region = p;
      anchorage_region_size = n * SUBHEAP_SIZE;
      subheaps_max = n;
      return 0;
    }
  }
  return -1;
}

static inline unsigned floor_bucket(size_t size)
{
  unsigned k = 63 - __builtin_clzl(size) - 4;
  return k < NBUCKETS ? k : NBUCKETS - 1;
}

void anchorage_release_pages(void *start, void *end)
{
  uintptr_t s = ((uintptr_t) start + PAGE - 1) & ~(PAGE - 1);
  uintptr_t e = (uintptr_t) end & ~(PAGE - 1);
  if (e > s)
    madvise((void *) s, e - s, MADV_DONTNEED);
}

void subheap_reset(struct subheap *sh)
{
  sh->top = sh->base + 8;
  sh->live = 0;
  sh->owner = NULL;
  sh->next = sh->prev = NULL;
  memset(sh->heads, 0, sizeof sh->heads);
}

struct subheap *subheap_get(void)
{
  pthread_mutex_lock(&pool_lock);
  struct subheap *sh = pool;
  if (sh) {
    pool = sh->next;
  } else if (anchorage_subheaps_used < subheaps_max) {
    sh = &anchorage_subheaps[anchorage_subheaps_used];
    sh->base = anchorage_region + (size_t) anchorage_subheaps_used * SUBHEAP_SIZE;
    if (mprotect(sh->base, SUBHEAP_SIZE, PROT_READ | PROT_WRITE)) {
      pthread_mutex_unlock(&pool_lock);
      return NULL;
    }
    __atomic_store_n(&anchorage_subheaps_used, anchorage_subheaps_used + 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&pool_lock);
  if (sh)
    subheap_reset(sh);
  return sh;
}

void subheap_put(struct subheap *sh)
{
  anchorage_release_pages(sh->base, sh->top + PAGE - 1);
  subheap_reset(sh);
  pthread_mutex_lock(&pool_lock);
  sh->next = pool;
  pool = sh;
  pthread_mutex_unlock(&pool_lock);
}

void subheap_push_free(struct subheap *sh, struct block *b)
{
  unsigned k = floor_bucket(block_size(b));
  b->id = FREE_ID;
  b->units &= UNITS_MASK;
  *free_link(b) = sh->heads[k];
  sh->heads[k] = b;
}

/* Take `size` bytes from the front of free block b (already unlinked). */
static struct block *take(struct subheap *sh, struct block *b, size_t size)
{
  size_t have = block_size(b);
  if (have - size >= MIN_BLOCK) {   /* exact sizes: moves keep usable sizes */
    struct block *rest = (struct block *) ((char *) b + size);
    rest->units = (uint32_t) ((have - size) / 16);
    subheap_push_free(sh, rest);
    b->units = (uint32_t) (size / 16);
    have = size;
  }
  sh->live += have;
  if (sh->owner)
    shard_add_live(sh->owner, (long) have);
  return b;
}

static struct block *bump(struct subheap *sh, size_t size, size_t align)
{
  char *t = sh->top;
  size_t pad = 0;
  if (align > 16)
    pad = (align - ((uintptr_t) (t + 8) & (align - 1))) & (align - 1);
  if ((size_t) (sh->base + SUBHEAP_SIZE - t) < pad + size)
    return NULL;
  if (pad) {                    /* the gap becomes a free block */
    struct block *gap = (struct block *) t;
    gap->units = (uint32_t) (pad / 16);
    subheap_push_free(sh, gap);
  }
  struct block *b = (struct block *) (t + pad);
  b->units = (uint32_t) (size / 16);
  sh->top = t + pad + size;
  sh->live += size;
  if (sh->owner) {
    shard_add_live(sh->owner, (long) size);
    shard_add_extent(sh->owner, (long) (pad + size));
  }
  return b;
}

struct block *subheap_alloc(struct subheap *sh, size_t size, size_t align)
{
  if (align <= 16) {
    unsigned lo = floor_bucket(size), hi = lo + ((size & (size - 1)) != 0);
    struct block *b;
    if (hi < NBUCKETS && (b = sh->heads[hi])) {
      sh->heads[hi] = *free_link(b);
      return take(sh, b, size);
    }
    if ((b = sh->heads[lo]) && block_size(b) >= size) {
      sh->heads[lo] = *free_link(b);
      return take(sh, b, size);
    }
  }
  return bump(sh, size, align);
}

struct block *subheap_alloc_fit(struct subheap *sh, size_t size)
{
  unsigned lo = floor_bucket(size);
  for (unsigned k = lo + 1; k < NBUCKETS; k++) {
    struct block *b = sh->heads[k];
    if (b) {
      sh->heads[k] = *free_link(b);
      return take(sh, b, size);
    }
  }
  struct block **pp = &sh->heads[lo];
  for (int tries = 0; *pp && tries < 32; tries++, pp = free_link(*pp)) {
    if (block_size(*pp) >= size) {
      struct block *b = *pp;
      *pp = *free_link(b);
      return take(sh, b, size);
    }
  }
  return bump(sh, size, 16);
}

size_t subheap_tidy(struct subheap *sh)
{
  memset(sh->heads, 0, sizeof sh->heads);
  char *end = sh->top;
  struct block *b = (struct block *) (sh->base + 8), *run = NULL;
  size_t gone = 0;
  while ((char *) b < end) {
    struct block *next = block_next(b);
    if (b->id != FREE_ID) {
      run = NULL;
    } else if (run) {
      run->units += b->units;
    } else {
      run = b;
    }
    if (run && ((char *) next >= end || next->id != FREE_ID)) {
      if ((char *) next >= end) {             /* trailing: lower the top */
        sh->top = (char *) run;
        gone = (size_t) (end - sh->top);
        anchorage_release_pages(sh->top, end + PAGE - 1);
      } else {
        subheap_push_free(sh, run);
        if (block_size(run) >= 2 * PAGE)
          anchorage_release_pages((char *) run + 16, next);
      }
    }
    b = next;
  }
  if (gone && sh->owner)
    shard_add_extent(sh->owner, -(long) gone);
  return gone;
}
