/* SPDX-License-Identifier: MIT */
/* backing-region.c: the one address range that holds the backing memory of
 * every handle, [ALASKA_BACKING_BASE, alaska_backing_end).  It is sized at
 * start-up (ALASKA_HEAP_SIZE; by default 4 TiB, or 4 times the physical
 * memory if more), reserved inaccessible -- address space only: where
 * that much cannot be reserved (a limit on address space, valgrind's
 * smaller one), half as much, and so on -- and handed out in pieces: alaska_region_reserve() gives a service a range of its own
 * (Anchorage's sub-heaps, the relocation arena), and alaska_region_malloc()
 * and friends are a general allocator over it -- jemalloc, in an arena of
 * its own whose extents come from this range -- for the malloc service
 * and for objects Anchorage does not keep in sub-heaps.
 *
 * That jemalloc is libalaska's own copy, linked in from Debian's PIC
 * archive with its API renamed alaska_je_* and hidden, and every other name
 * local (Makefile.am): the program's malloc stays whatever it was (the C
 * library's, or a jemalloc of its own, which this copy never touches),
 * and a program never loads libjemalloc.so, nor the libstdc++ that it
 * depends on.  The copy has no constructor: it starts (and takes memory)
 * when the arena is created, as the malloc service starts or else at the
 * general allocator's first use.
 *
 * Small blocks take jemalloc's fast path: mallocx with an arena flag goes
 * through its general path (and dallocx likewise), while its own malloc
 * and free take a thread cache.  A thread that allocates here is bound to
 * the region's arena ("thread.arena"), and blocks up to ALASKA_SMALL_MAX
 * bytes, which jemalloc never hands to its arena for huge objects, come
 * from the copy's malloc.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <jemalloc/jemalloc.h>
#include "internal.h"

/* libalaska's copy of jemalloc's API (Makefile.am); alaska_je_malloc and
 * alaska_je_free are declared in internal.h, for halloc's fast path. */
ALASKA_HIDDEN void *alaska_je_mallocx(size_t size, int flags);
ALASKA_HIDDEN size_t alaska_je_sallocx(const void *p, int flags);
ALASKA_HIDDEN void *alaska_je_rallocx(void *p, size_t size, int flags);
ALASKA_HIDDEN size_t alaska_je_nallocx(size_t size, int flags);
ALASKA_HIDDEN int alaska_je_mallctl(const char *name, void *old, size_t *oldlen, void *new,
                                 size_t newlen);

#define PIECE_ALIGN (UINT64_C(2) << 20)        /* pieces start on 2 MiB */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uintptr_t next = ALASKA_BACKING_BASE;   /* unreserved from here */
uintptr_t alaska_backing_end = ALASKA_BACKING_BASE;

/* ---- the general allocator: a jemalloc arena over the region ---------- */

static void *extent_alloc(extent_hooks_t *h, void *addr, size_t size, size_t align,
                          bool *zero, bool *commit, unsigned arena)
{
  (void) h; (void) arena;
  if (addr)
    return NULL;                /* only fresh ranges: never in use before */
  void *p = alaska_region_reserve(size, align);
  if (!p || mprotect(p, size, PROT_READ | PROT_WRITE) != 0)
    return NULL;
  *zero = true;
  *commit = true;
  return p;
}

/* Returning false is success.  Freed extents are kept (dalloc is NULL),
 * their pages given back; pieces of the one mapping split and merge. */
static bool extent_purge(extent_hooks_t *h, void *addr, size_t size, size_t off,
                         size_t len, unsigned arena)
{
  (void) h; (void) size; (void) arena;
  return madvise((char *) addr + off, len, MADV_DONTNEED) != 0;
}
static bool extent_split(extent_hooks_t *h, void *addr, size_t size, size_t a,
                         size_t b, bool committed, unsigned arena)
{
  (void) h; (void) addr; (void) size; (void) a; (void) b; (void) committed; (void) arena;
  return false;
}
static bool extent_merge(extent_hooks_t *h, void *a, size_t as, void *b, size_t bs,
                         bool committed, unsigned arena)
{
  (void) h; (void) a; (void) as; (void) b; (void) bs; (void) committed; (void) arena;
  return false;
}

static extent_hooks_t hooks = {
  .alloc = extent_alloc,
  .purge_forced = extent_purge,
  .split = extent_split,
  .merge = extent_merge,
};
static int arena_flags = -1;
static unsigned arena_ind;

/* This thread's binding to the region's arena; halloc and hfree read it
 * inline (internal.h). */
__thread int alaska_region_bound __attribute__((tls_model("initial-exec")));

uint16_t alaska_small_usable[ALASKA_SMALL_MAX / 16 + 1];

static pthread_once_t created = PTHREAD_ONCE_INIT;

/* Before the general allocator's first use (alaska_region_load): a
 * program whose service never uses it never starts jemalloc. */
static void arena_create(void)
{
  for (size_t i = 0; i <= ALASKA_SMALL_MAX / 16; i++)
    alaska_small_usable[i] = (uint16_t) alaska_je_nallocx(i ? i * 16 : 16, 0);
  size_t sz = sizeof arena_ind;
  extent_hooks_t *hp = &hooks;
  if (alaska_je_mallctl("arenas.create", &arena_ind, &sz, &hp, sizeof hp) != 0)
    alaska_fatal("cannot create the jemalloc arena of the backing region");
  __atomic_store_n(&arena_flags, MALLOCX_ARENA(arena_ind), __ATOMIC_RELEASE);  /* last: region_ready */
}

void alaska_region_load(void)
{
  pthread_once(&created, arena_create);
}

static inline void region_ready(void)
{
  if (unlikely(__atomic_load_n(&arena_flags, __ATOMIC_ACQUIRE) == -1))
    alaska_region_load();
}

/* Bind the calling thread to the region's arena, and check that it took. */
static __attribute__((noinline, cold)) int bind_thread(void)
{
  unsigned ind = arena_ind, now = ~0u;
  size_t sz = sizeof now;
  alaska_region_bound = alaska_je_mallctl("thread.arena", &now, &sz, &ind, sizeof ind) == 0
                 && alaska_je_mallctl("thread.arena", &now, &sz, NULL, 0) == 0 && now == arena_ind
                 ? 1 : -1;
  return alaska_region_bound;
}

/* jemalloc's fork handlers.  Its call to pthread_atfork, made as it
 * starts, comes here (Makefile.am), and libalaska's own handlers
 * (threads.c) run them: inside libalaska's locks, since a thread holding
 * one of those may be waiting for one of jemalloc's, and jemalloc starts
 * after libalaska registered its handlers, which would otherwise make
 * jemalloc's lock first. */
static void (*je_fork[3])(void);
static int je_fork_set;

ALASKA_HIDDEN int alaska_je_atfork(void (*prepare)(void), void (*parent)(void), void (*child)(void))
{
  je_fork[0] = prepare;
  je_fork[1] = parent;
  je_fork[2] = child;
  __atomic_store_n(&je_fork_set, 1, __ATOMIC_RELEASE);
  return 0;
}

void alaska_region_fork(enum alaska_fork_stage stage)
{
  if (__atomic_load_n(&je_fork_set, __ATOMIC_ACQUIRE) && je_fork[stage])
    je_fork[stage]();
}

/* The size to reserve: ALASKA_HEAP_SIZE, or the default. */
static uint64_t wanted_size(void)
{
  uint64_t size = (uint64_t) alaska_option_long(ALASKA_OPT_HEAP_SIZE);
  if (size)
    return size;
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  uint64_t phys = pages > 0 && page > 0 ? (uint64_t) pages * (uint64_t) page : 0;
  size = UINT64_C(4) << 40;
  if (phys > size / 4)
    size = phys * 4;
  if (size > ALASKA_BACKING_LIMIT - ALASKA_BACKING_BASE)
    size = ALASKA_BACKING_LIMIT - ALASKA_BACKING_BASE;
  return size;
}

int alaska_map_writable(char *base, uint64_t *done, uint64_t need, uint64_t step)
{
  if (need <= *done)
    return 1;
  uint64_t to = (need + step - 1) / step * step;
  if (mmap(base + *done, to - *done, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0) != base + *done)
    return 0;
  *done = to;
  return 1;
}

#define MIN_SIZE (UINT64_C(1) << 30)

void alaska_region_init(void)
{
  void *want = (void *) (uintptr_t) ALASKA_BACKING_BASE;
  uint64_t size = wanted_size() & ~(PIECE_ALIGN - 1);
  int err = 0;
  for (;;) {
    void *got = mmap(want, size, PROT_NONE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE, -1, 0);
    if (got == want)
      break;
    err = got == MAP_FAILED ? errno : EEXIST;
    if (got != MAP_FAILED)
      munmap(got, size);
    if (size / 2 < MIN_SIZE)
      alaska_fatal("cannot reserve the backing region at [%#llx, %#llx): %s",
                   (unsigned long long) ALASKA_BACKING_BASE,
                   (unsigned long long) (ALASKA_BACKING_BASE + size),
                   err == EEXIST ? "the address range is already in use" : strerror(err));
    size = (size / 2) & ~(PIECE_ALIGN - 1);
  }
  alaska_backing_end = ALASKA_BACKING_BASE + size;
  if (alaska_option_long(ALASKA_OPT_VERBOSE))
    alaska_warn("backing region at %#llx, %llu MiB of address space",
                (unsigned long long) ALASKA_BACKING_BASE, (unsigned long long) (size >> 20));
}

/* size bytes aligned to align (a power of two), still inaccessible;
 * NULL when the region is full. */
ALASKA_API void *alaska_region_reserve(size_t size, size_t align)
{
  if (align < PIECE_ALIGN)
    align = PIECE_ALIGN;
  pthread_mutex_lock(&lock);
  uintptr_t p = (next + align - 1) & ~(uintptr_t) (align - 1);
  void *r = NULL;
  if (p >= next && p <= alaska_backing_end && size <= alaska_backing_end - p) {
    next = p + size;
    r = (void *) p;
  }
  pthread_mutex_unlock(&lock);
  return r;
}

/* May a block of size bytes (rounded) aligned to align take jemalloc's
 * own malloc in this thread (binding it on first use)? */
static inline int fast_path(size_t size, size_t align)
{
  return size <= ALASKA_SMALL_MAX && align <= 16
         && (likely(alaska_region_bound > 0) || (alaska_region_bound == 0 && bind_thread() > 0));
}

/* align: a power of two.  NULL when the region is full. */
ALASKA_API void *alaska_region_malloc(size_t size, size_t align, int zero)
{
  region_ready();
  size = alaska_round16(size);
  if (fast_path(size, align)) {
    void *p = alaska_je_malloc(size);
    if (p && zero)
      memset(p, 0, size);
    return p;
  }
  int flags = arena_flags | (zero ? MALLOCX_ZERO : 0);
  if (align > 16)
    flags |= MALLOCX_ALIGN(align);
  return alaska_je_mallocx(size, flags);
}

ALASKA_API void alaska_region_free(void *p)
{
  region_ready();
  alaska_je_free(p);
}

ALASKA_API size_t alaska_region_usable_size(const void *p)
{
  region_ready();
  return alaska_je_sallocx(p, 0);
}

/* NULL (p untouched) when the region is full.  Small to small by hand,
 * as rallocx would (in place where the size class stays), but through
 * the fast path: rallocx with an arena flag takes jemalloc's general
 * path. */
ALASKA_API void *alaska_region_realloc(void *p, size_t size)
{
  region_ready();
  size = alaska_round16(size);
  if (fast_path(size, 16)) {
    size_t old = alaska_je_sallocx(p, 0);
    if (old <= ALASKA_SMALL_MAX) {
      if (alaska_small_usable[size >> 4] == old)
        return p;
      void *np = alaska_je_malloc(size);
      if (np) {
        memcpy(np, p, old < size ? old : size);
        alaska_je_free(p);
      }
      return np;
    }
  }
  return alaska_je_rallocx(p, size, arena_flags);
}
