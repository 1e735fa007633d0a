/* SPDX-License-Identifier: MIT */
/* large.c: objects above the medium range (LARGE_BLOCK), each in a
 * mapping of its own.  They live in one range of libalaska's backing
 * region (so that handles address them), reserved on first use and cut
 * into 2 MiB granules; an object takes a run of whole granules, first
 * fit, of which only its size rounded to pages is mapped.  Everything in
 * the range that no object maps is an inaccessible placeholder mapping,
 * so that nothing else is ever mapped there.
 *
 * A pass moves large objects down into the lowest hole that holds them,
 * with mremap(MREMAP_MAYMOVE | MREMAP_FIXED): the kernel moves the page
 * tables (whole page-middle directories, the granules being 2 MiB
 * aligned) instead of copying the contents.  Where it refuses, the object
 * is copied.  Pinned and kept objects never move.  realloc moves and
 * resizes the same way. */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define GRANULE_SHIFT 21
#define GRANULE ((size_t) 1 << GRANULE_SHIFT)
#define MAX_GRANULES 2048               /* 4 GiB of address space, at most */
#define AMBIGUOUS UINT32_MAX            /* two handles name the object: never moved */

pthread_mutex_t anchorage_large_lock = PTHREAD_MUTEX_INITIALIZER;
static char *base;                      /* NULL: not reserved (yet) */
static size_t ngranules;
static int reserve_failed;
static size_t bytes[MAX_GRANULES];      /* at an object's first granule: its mapped size */
static uint16_t run[MAX_GRANULES];      /* ... and the granules it takes; 0: none starts here */
static uint8_t taken[MAX_GRANULES];     /* granule in some object's run */
static uint32_t ids[MAX_GRANULES];      /* a pass's: ID + 1 of the object starting here */

static size_t page_round(size_t n)
{
  return (n + PAGE - 1) & ~(size_t) (PAGE - 1);
}

static size_t granules_for(size_t n)
{
  return (n + GRANULE - 1) >> GRANULE_SHIFT;
}

int in_large(const void *p)
{
  return (uintptr_t) p - (uintptr_t) base < ngranules << GRANULE_SHIFT;
}

static size_t granule_of(const void *p)
{
  return (size_t) ((const char *) p - base) >> GRANULE_SHIFT;
}

/* An inaccessible placeholder over [p, p + n), which nothing maps now. */
static void placeholder(void *p, size_t n)
{
  void *q = mmap(p, n, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
                 -1, 0);
  if (q != MAP_FAILED && q != p)        /* a kernel that took it as a hint */
    munmap(q, n);
}

static int reserve(void)
{
  if (base)
    return 0;
  if (reserve_failed)
    return -1;
  for (size_t n = MAX_GRANULES; n >= 32; n /= 2) {
    void *p = alaska_region_reserve(n << GRANULE_SHIFT, GRANULE);
    if (p) {
      /* The region is already an inaccessible mapping: it is the
       * placeholder of every granule. */
      ngranules = n;
      __atomic_store_n(&base, p, __ATOMIC_RELEASE);
      return 0;
    }
  }
  reserve_failed = 1;
  return -1;
}

/* The lowest run of n free granules, below `limit` (a granule index);
 * returns its first granule, or SIZE_MAX. */
static size_t find_run(size_t n, size_t limit)
{
  size_t len = 0;
  for (size_t g = 0; g < limit && g < ngranules; g++) {
    len = taken[g] ? 0 : len + 1;
    if (len == n)
      return g + 1 - n;
  }
  return SIZE_MAX;
}

static void mark(size_t g, size_t n, size_t size)
{
  memset(taken + g, 1, n);
  run[g] = (uint16_t) n;
  bytes[g] = size;
}

static void unmark(size_t g)
{
  memset(taken + g, 0, run[g]);
  run[g] = 0;
  bytes[g] = 0;
}

void *large_alloc(size_t size)
{
  size_t mapped = page_round(size), n = granules_for(mapped);
  pthread_mutex_lock(&anchorage_large_lock);
  void *p = NULL;
  size_t g;
  if (reserve() == 0 && (g = find_run(n, ngranules)) != SIZE_MAX) {
    p = mmap(base + (g << GRANULE_SHIFT), mapped, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    if (p == MAP_FAILED)
      p = NULL;
    else
      mark(g, n, mapped);
  }
  pthread_mutex_unlock(&anchorage_large_lock);
  if (p)
    anchorage_stats_large((long) mapped);
  return p;
}

size_t large_usable_size(const void *p)
{
  return bytes[granule_of(p)];
}

void large_free(void *p)
{
  pthread_mutex_lock(&anchorage_large_lock);
  size_t g = granule_of(p), mapped = bytes[g];
  /* A fresh placeholder replaces the object's pages in one call. */
  mmap(p, mapped, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  unmark(g);
  pthread_mutex_unlock(&anchorage_large_lock);
  anchorage_stats_large(-(long) mapped);
}

/* Move the object at granule g (`have` bytes mapped) to granule to, as
 * `want` bytes (the lock held, both runs marked taken).  0, or -1 if
 * nothing moved. */
static int move(size_t g, size_t have, size_t to, size_t want)
{
  char *from = base + (g << GRANULE_SHIFT), *dest = base + (to << GRANULE_SHIFT);
  void *q = mremap(from, have, want, MREMAP_MAYMOVE | MREMAP_FIXED, dest);
  if (q == MAP_FAILED) {        /* the kernel refuses: copy */
    q = mmap(dest, want, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    if (q == MAP_FAILED)
      return -1;
    memcpy(q, from, have < want ? have : want);
    mmap(from, have, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  } else {
    placeholder(from, have);    /* the pages left: nothing is mapped there now */
  }
  return 0;
}

/* NULL (p untouched) when no run of granules can take `size` bytes. */
void *large_realloc(void *p, size_t size)
{
  size_t want = page_round(size), n = granules_for(want);
  pthread_mutex_lock(&anchorage_large_lock);
  size_t g = granule_of(p), have = bytes[g], old_n = run[g];
  void *r = NULL;
  if (want <= have && want * 2 > have) {
    r = p;                      /* fits, and not much too big */
  } else if (want < have) {     /* shrink in place, granules and all */
    mmap((char *) p + want, have - want, PROT_NONE,
         MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
    memset(taken + g + n, 0, old_n - n);
    mark(g, n, want);
    r = p;
  } else if (n <= old_n) {      /* grow within its granules */
    if (mmap((char *) p + have, want - have, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0) != MAP_FAILED) {
      bytes[g] = want;
      r = p;
    }
  } else {                      /* elsewhere, the pages moved, not copied */
    size_t to = find_run(n, ngranules);
    if (to != SIZE_MAX) {
      mark(to, n, want);
      if (move(g, have, to, want) == 0) {
        unmark(g);
        r = base + (to << GRANULE_SHIFT);
      } else {
        unmark(to);
      }
    }
  }
  long delta = r ? (long) bytes[granule_of(r)] - (long) have : 0;
  pthread_mutex_unlock(&anchorage_large_lock);
  anchorage_stats_large(delta);
  return r;
}

/* Is there an object with a hole below it that holds it?  (Only then is
 * the handle table read for it.)  Sets *top past the highest object. */
static int any_to_move(size_t *top)
{
  size_t hole = 0, len = 0;
  int any = 0;
  *top = 0;
  for (size_t g = 0; g < ngranules; g++) {
    if (run[g]) {
      any |= run[g] <= hole;
      *top = g + run[g];
    }
    len = taken[g] ? 0 : len + 1;
    hole = len > hole ? len : hole;
  }
  return any;
}

static int noting;              /* the coming read of the table fills ids[] */

/* Before the barrier: 1 if some object could move down. */
int large_prepare(void)
{
  memset(ids, 0, sizeof ids);
  noting = 0;
  if (!__atomic_load_n(&base, __ATOMIC_ACQUIRE))
    return 0;
  size_t top;
  pthread_mutex_lock(&anchorage_large_lock);
  noting = any_to_move(&top);
  pthread_mutex_unlock(&anchorage_large_lock);
  return noting;
}

/* The ID of the object starting at `backing' (the table's read). */
void large_note_id(uint32_t id, void *backing)
{
  size_t g = granule_of(backing);
  if (noting && ((uintptr_t) backing & (GRANULE - 1)) == 0)
    ids[g] = ids[g] ? AMBIGUOUS : id + 1;
}

void large_compact(struct pass_result *r)
{
  if (!__atomic_load_n(&base, __ATOMIC_ACQUIRE) || pthread_mutex_trylock(&anchorage_large_lock))
    return;
  size_t top;
  if (noting && any_to_move(&top)) {
    /* From the top down, each object into the lowest hole below it. */
    for (size_t g = top; g-- > 0; ) {
      uint32_t v = ids[g];
      if (!run[g] || v == 0 || v == AMBIGUOUS
          || alaska_backing(v - 1) != base + (g << GRANULE_SHIFT) || alaska_is_pinned(v - 1))
        continue;
      size_t n = run[g], to = find_run(n, g);
      if (to == SIZE_MAX || to + n > g)
        continue;
      size_t mapped = bytes[g];
      if (pause_over(1, mapped / 16))   /* mremap: its page-table entries */
        break;
      mark(to, n, mapped);
      if (move(g, mapped, to, mapped)) {
        unmark(to);
        continue;
      }
      unmark(g);
      alaska_relocate(v - 1, base + (to << GRANULE_SHIFT));
      r->moved += mapped;
      r->objects++;
    }
  }
  pthread_mutex_unlock(&anchorage_large_lock);
}
