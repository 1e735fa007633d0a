/* SPDX-License-Identifier: MIT */
/* subheap.c: the heap's memory and its sub-heaps.  One range of
 * libalaska's backing region, reserved once (inaccessible), is cut into
 * SUBHEAP_SIZE sub-heaps,
 * made accessible in address order as they are first used: the heap is
 * two mappings (used and reserved) whatever its size, and tools that scan
 * the accessible memory (valgrind) see only what was used.  Each sub-heap
 * bump-allocates headerless blocks of the size classes above SMALL_MAX,
 * recorded in its two bitmaps, and reuses freed ones, merged with their
 * free neighbours, through a free list per class: a request takes a block
 * of its class, or splits one of the smallest larger class that has one,
 * and bumps the top only when no free block fits.  The caller holds the owning shard's lock, or the world is
 * stopped. */
#define _GNU_SOURCE
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define MAX_SUBHEAPS 131072                   /* 2 TiB of address space */

char *anchorage_region;
size_t anchorage_region_size;
struct subheap anchorage_subheaps[MAX_SUBHEAPS];
unsigned anchorage_subheaps_used;
static unsigned subheaps_max;
static struct subheap *pool;                  /* unused sub-heaps (via next) */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;

int anchorage_region_init(void)
{
  /* Up to 2 TiB of libalaska's backing region, less if it has less. */
  for (size_t n = MAX_SUBHEAPS; n >= 8; n /= 2) {
    void *p = alaska_region_reserve(n * SUBHEAP_SIZE, SUBHEAP_SIZE);
    if (p) {
      anchorage_region = p;
      anchorage_region_size = n * SUBHEAP_SIZE;
      subheaps_max = n;
      return 0;
    }
  }
  return -1;
}

/* The list of a free block of `size` bytes: that of the largest class
 * it holds. */
static inline unsigned floor_bucket(size_t size)
{
  if (size < class_size(NCLASSES))
    return 0;
  unsigned c = size_class(size);
  if (class_size(c) > size)
    c--;
  c -= NCLASSES - 1;
  return c < NBUCKETS ? c : NBUCKETS - 1;
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
  sh->kind = SH_BLOCKS;
  sh->top = subheap_data(sh);
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

/* The pages released include the bitmaps, which read as zero again. */
void subheap_put(struct subheap *sh)
{
  anchorage_release_pages(sh->base, sh->top + PAGE - 1);
  subheap_reset(sh);
  pthread_mutex_lock(&pool_lock);
  sh->next = pool;
  pool = sh;
  pthread_mutex_unlock(&pool_lock);
}

/* Bitmap words are written under the owner's lock but read without it
 * (block_end), so they are stored whole. */
static inline void map_store(uint64_t *m, size_t w, uint64_t v)
{
  __atomic_store_n(&m[w], v, __ATOMIC_RELAXED);
}

static void map_set_bit(uint64_t *m, size_t g)
{
  map_store(m, g >> 6, m[g >> 6] | (uint64_t) 1 << (g & 63));
}

static void map_clear_bit(uint64_t *m, size_t g)
{
  map_store(m, g >> 6, m[g >> 6] & ~((uint64_t) 1 << (g & 63)));
}

/* Clear bits [g, e). */
static void map_clear_range(uint64_t *m, size_t g, size_t e)
{
  while (g < e) {
    size_t w = g >> 6, n = 64 - (g & 63);
    if (n > e - g)
      n = e - g;
    uint64_t bits = (n == 64 ? ~(uint64_t) 0 : (((uint64_t) 1 << n) - 1)) << (g & 63);
    if (m[w] & bits)
      map_store(m, w, m[w] & ~bits);
    g += n;
  }
}

char *block_end(const struct subheap *sh, const char *p)
{
  const uint64_t *s = subheap_starts(sh);
  char *top = __atomic_load_n(&sh->top, __ATOMIC_ACQUIRE);
  size_t g = granule(sh, p) + 1, lim = granule(sh, top);
  if (g >= lim)
    return top;
  size_t w = g >> 6, last = (lim - 1) >> 6;
  uint64_t m = __atomic_load_n(&s[w], __ATOMIC_RELAXED) & (~(uint64_t) 0 << (g & 63));
  while (!m) {
    if (++w > last)
      return top;
    m = __atomic_load_n(&s[w], __ATOMIC_RELAXED);
  }
  size_t n = (w << 6) + (size_t) __builtin_ctzll(m);
  return n < lim ? sh->base + (n << 4) : top;
}

static void set_size(struct subheap *sh, char *p, size_t size)
{
  ALASKA_ASSERT(size % ((size_t) 1 << MED_UNIT_SHIFT) == 0
                && (size_t) (p - sh->base) % ((size_t) 1 << MED_UNIT_SHIFT) == 0);
  subheap_sizes(sh)[(size_t) (p - sh->base) >> MED_UNIT_SHIFT] = (uint16_t) (size >> MED_UNIT_SHIFT);
}

static void push_free(struct subheap *sh, char *p, size_t size)
{
  /* A whole number of granules inside [data, top), not allocated. */
  ALASKA_ASSERT(size >= MIN_BLOCK && size % 16 == 0 && !((uintptr_t) p & 15));
  ALASKA_ASSERT(p >= subheap_data(sh) && p + size <= sh->top);
  ALASKA_ASSERT(!map_test(subheap_used(sh), granule(sh, p)));
  struct free_block *f = (struct free_block *) p;
  unsigned k = floor_bucket(size);
  f->size = size;
  f->prev = NULL;
  f->next = sh->heads[k];
  if (f->next)
    f->next->prev = f;
  sh->heads[k] = f;
}

static void unlink_free(struct subheap *sh, struct free_block *f)
{
  if (f->prev)
    f->prev->next = f->next;
  else
    sh->heads[floor_bucket(f->size)] = f->next;
  if (f->next)
    f->next->prev = f->prev;
}

/* The start of the block before the one at p; NULL if p is the first. */
static char *block_before(const struct subheap *sh, const char *p)
{
  const uint64_t *s = subheap_starts(sh);
  size_t g = granule(sh, p), first = granule(sh, subheap_data(sh));
  if (g <= first)
    return NULL;
  size_t w = (g - 1) >> 6;
  uint64_t m = s[w] & (~(uint64_t) 0 >> (63 - ((g - 1) & 63)));
  while (!m) {
    if (w == 0 || (w << 6) <= first)
      return NULL;
    m = s[--w];
  }
  size_t n = (w << 6) + 63 - (size_t) __builtin_clzll(m);
  return n >= first ? sh->base + (n << 4) : NULL;
}

static void count_live(struct subheap *sh, long delta)
{
  sh->live += delta;
  if (sh->owner)
    shard_add_live(sh->owner, delta);
}

static void set_top(struct subheap *sh, char *top)
{
  if (sh->owner)
    shard_add_extent(sh->owner, (long) (top - sh->top));
  __atomic_store_n(&sh->top, top, __ATOMIC_RELEASE);
}

/* Take `size` bytes from the front of free block f (already unlinked);
 * the rest stays free.  Sizes are exact, so moves keep usable sizes. */
static char *take(struct subheap *sh, struct free_block *f, size_t size)
{
  char *p = (char *) f;
  size_t have = f->size;
  ALASKA_ASSERT(have >= size && p >= subheap_data(sh) && p + have <= sh->top);
  ALASKA_ASSERT(map_test(subheap_starts(sh), granule(sh, p))
                && !map_test(subheap_used(sh), granule(sh, p)));
  if (have > size) {
    map_set_bit(subheap_starts(sh), granule(sh, p + size));
    push_free(sh, p + size, have - size);
  }
  map_set_bit(subheap_used(sh), granule(sh, p));
  set_size(sh, p, size);
  count_live(sh, (long) size);
  return p;
}

static char *bump(struct subheap *sh, size_t size)
{
  char *t = sh->top;
  if ((size_t) (sh->base + SUBHEAP_SIZE - t) < size)
    return NULL;
  size_t g = granule(sh, t);
  /* Start bits an earlier, higher top left behind would cut the block. */
  map_clear_range(subheap_starts(sh), g + 1, g + size / 16);
  map_set_bit(subheap_starts(sh), g);
  map_set_bit(subheap_used(sh), g);
  set_size(sh, t, size);
  set_top(sh, t + size);
  count_live(sh, (long) size);
  return t;
}

int subheap_grow_last(struct subheap *sh, char *p, size_t have, size_t size)
{
  if (p + have != sh->top || (size_t) (sh->base + SUBHEAP_SIZE - p) < size)
    return 0;
  map_clear_range(subheap_starts(sh), granule(sh, p + have), granule(sh, p + size));
  set_size(sh, p, size);
  set_top(sh, p + size);
  count_live(sh, (long) (size - have));
  return 1;
}

/* The free blocks come first (a block of the class, else the smallest
 * larger list's), so that the top grows only when none fits. */
char *subheap_alloc(struct subheap *sh, size_t size)
{
  for (unsigned k = floor_bucket(size); k < NBUCKETS; k++) {
    struct free_block *f = sh->heads[k];
    if (f && f->size >= size) {
      unlink_free(sh, f);
      return take(sh, f, size);
    }
  }
  return bump(sh, size);
}

char *subheap_alloc_fit(struct subheap *sh, size_t size)
{
  unsigned lo = floor_bucket(size);
  for (unsigned k = lo + 1; k < NBUCKETS; k++) {
    struct free_block *f = sh->heads[k];
    if (f) {
      unlink_free(sh, f);
      return take(sh, f, size);
    }
  }
  struct free_block *f = sh->heads[lo];
  for (int tries = 0; f && tries < 32; tries++, f = f->next) {
    if (f->size >= size) {
      unlink_free(sh, f);
      return take(sh, f, size);
    }
  }
  return bump(sh, size);
}

void subheap_free(struct subheap *sh, char *p, size_t size)
{
  ALASKA_ASSERT(map_test(subheap_used(sh), granule(sh, p)) && p + size <= sh->top);
  ALASKA_ASSERT(size <= sh->live && block_end(sh, p) == p + size);
  map_clear_bit(subheap_used(sh), granule(sh, p));
  count_live(sh, -(long) size);
  /* Merge with free neighbours, so that freed space serves any class. */
  char *next = p + size;
  if (next < sh->top && !map_test(subheap_used(sh), granule(sh, next))) {
    struct free_block *f = (struct free_block *) next;
    unlink_free(sh, f);
    map_clear_bit(subheap_starts(sh), granule(sh, next));
    size += f->size;
  }
  char *prev = block_before(sh, p);
  if (prev && !map_test(subheap_used(sh), granule(sh, prev))) {
    struct free_block *f = (struct free_block *) prev;
    unlink_free(sh, f);
    map_clear_bit(subheap_starts(sh), granule(sh, p));
    size += f->size;
    p = prev;
  }
  if (p + size == sh->top)      /* the last block: lower the top (its start bit stays) */
    set_top(sh, p);
  else
    push_free(sh, p, size);
}

size_t subheap_tidy(struct subheap *sh)
{
  memset(sh->heads, 0, sizeof sh->heads);
  uint64_t *starts = subheap_starts(sh), *used = subheap_used(sh);
  char *end = sh->top, *p = subheap_data(sh), *run = NULL;
  while (p < end) {
    char *next = block_end(sh, p);
    if (map_test(used, granule(sh, p)))
      run = NULL;
    else if (run)
      map_clear_bit(starts, granule(sh, p));    /* merged into run */
    else
      run = p;
    if (run && (next >= end || map_test(used, granule(sh, next)))) {
      if (next >= end) {                        /* trailing: lower the top */
        set_top(sh, run);
        anchorage_release_pages(run, end + PAGE - 1);
      } else {
        push_free(sh, run, (size_t) (next - run));
        if (next - run >= 2 * (long) PAGE)
          anchorage_release_pages(run + sizeof (struct free_block), next);
      }
    }
    p = next;
  }
  return (size_t) (end - sh->top);
}
