/* SPDX-License-Identifier: MIT */
/* internal.h: declarations shared between libanchorage's source files and
 * not exported (the version script keeps them local).
 *
 * The heap is one large reserved mapping cut into sub-heaps of
 * SUBHEAP_SIZE bytes, of two kinds.
 *
 * Page sub-heaps hold the small objects (up to SMALL_MAX bytes), in
 * NCLASSES size classes: 16-byte steps up to 128 bytes, then eight classes
 * per power of two, so that a block wastes at most 12.5% of its size.  A
 * page sub-heap is PAGES_PER_SUBHEAP pages of PAGE_SIZE bytes; its first
 * page holds the records of the others (struct page), so blocks carry no
 * header.  A page serves one class.  Each thread has a heap (struct theap,
 * thread-cache.c) that owns pages: it allocates from them and frees into
 * them with no lock and no atomic read-modify-write, through the free list
 * each free block holds its link in.  Another thread's free goes onto the
 * page's lock-free thread_free list, and the page onto its owner's remote
 * list, which the owner collects.  A thread that exits gives its empty
 * pages back and leaves the others abandoned, for any thread to adopt.
 * Empty pages go to a global pool (pages.c), beyond a few dirty ones with
 * their memory given back to the kernel.  Live bytes and pages are counted
 * per thread heap, and summed by the control loop.  A pass compacts each
 * size class (compact.c): it evacuates the sparsest pages into the densest.
 *
 * Block sub-heaps hold medium objects (above SMALL_MAX, up to LARGE_BLOCK):
 * a run of headerless blocks, each the size of a class (the classes go
 * on above SMALL_MAX, eight per power of two), after two bitmaps with a
 * bit per 16-byte granule: `starts' marks the first granule of every
 * block, free or allocated, and `used' that of allocated ones.  An
 * allocated block ends where the next one starts; a free block holds its
 * free-list links and size.  A freed block merges with its free
 * neighbours and sits on its sub-heap's free list of the largest class it
 * holds; a request takes a block of its class, or splits one of the
 * smallest larger class that has one, and bumps the sub-heap's top only
 * when no free block fits.  Block sub-heaps belong to shards (one lock each);
 * threads are spread over the shards.
 *
 * Neither kind stores a block's handle ID: a defragmentation pass reads
 * the handle table.  Larger objects take mappings of their own in a range
 * of the backing region (large.c), which passes move with mremap.
 * Objects aligned beyond 16 bytes come from libalaska's region malloc
 * (its jemalloc arena) and never move. */
#ifndef ANCHORAGE_INTERNAL_H
#define ANCHORAGE_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <alaska.h>
#include "anchorage.h"
#define RUNTIME_NAME "anchorage"
#include "runtime-assert.h"

/* Everything declared here is defined in the library: hidden, so that
 * the library reaches its own data without the GOT. */
#pragma GCC visibility push(hidden)

#define ANCHORAGE_API __attribute__((visibility("default")))
#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define SUBHEAP_SHIFT 24                        /* 16 MiB sub-heaps */
#define SUBHEAP_SIZE  ((size_t) 1 << SUBHEAP_SHIFT)
#define MIN_BLOCK     16
#define LARGE_BLOCK   (SUBHEAP_SIZE / 4)        /* above: region malloc */
#define NSHARDS       16
#define PAGE          ((uintptr_t) 4096)

/* ---- sub-heaps and their blocks (subheap.c) ------------------------- */
#define MAP_WORDS  (SUBHEAP_SIZE / 16 / 64)     /* words in one bitmap */
/* Medium blocks, the sizes of classes above SMALL_MAX, start and end on
 * MED_UNIT boundaries: a map after the bitmaps holds, for each unit where
 * an allocated block starts, its size in units. */
#define MED_UNIT_SHIFT 11
#define SIZE_ENTRIES (SUBHEAP_SIZE >> MED_UNIT_SHIFT)
#define META_SIZE  (2 * MAP_WORDS * 8 + SIZE_ENTRIES * 2)  /* bitmaps, size map */

struct free_block {             /* at the start of a free block */
  struct free_block *next, *prev;       /* its list */
  size_t size;
};

/* Free blocks of a sub-heap sit on lists by size class (the classes
 * above SMALL_MAX, up to LARGE_BLOCK): list k > 0 holds blocks of at least
 * the size of class NCLASSES - 1 + k, list 0 the smaller remainders. */
#define NBUCKETS 65
struct shard;
enum subheap_kind { SH_BLOCKS, SH_PAGES };
struct subheap {
  enum subheap_kind kind;
  char *base;                   /* SUBHEAP_SIZE bytes: the bitmaps, then blocks */
  char *top;                    /* next bump block; blocks cover [base+META_SIZE, top) */
  size_t live;                  /* bytes of allocated blocks */
  struct shard *owner;          /* NULL: in the pool of unused sub-heaps */
  struct subheap *next, *prev;  /* the owner's list */
  struct free_block *heads[NBUCKETS];
};
static inline size_t subheap_extent(const struct subheap *sh) { return (size_t) (sh->top - sh->base); }
static inline char *subheap_data(const struct subheap *sh) { return sh->base + META_SIZE; }
static inline uint64_t *subheap_starts(const struct subheap *sh) { return (uint64_t *) sh->base; }
static inline uint64_t *subheap_used(const struct subheap *sh) { return (uint64_t *) sh->base + MAP_WORDS; }
static inline size_t granule(const struct subheap *sh, const void *p) { return (size_t) ((const char *) p - sh->base) >> 4; }
static inline int map_test(const uint64_t *m, size_t g) { return (m[g >> 6] >> (g & 63)) & 1; }
static inline uint16_t *subheap_sizes(const struct subheap *sh)
{
  return (uint16_t *) (sh->base + 2 * MAP_WORDS * 8);
}
/* The size of the allocated block at p: safe without the lock for the
 * block's owner (the size was written before the block was handed out). */
static inline size_t block_size(const struct subheap *sh, const void *p)
{
  return (size_t) subheap_sizes(sh)[((const char *) p - sh->base) >> MED_UNIT_SHIFT]
         << MED_UNIT_SHIFT;
}

extern char *anchorage_region;
extern size_t anchorage_region_size;
extern struct subheap anchorage_subheaps[];
extern unsigned anchorage_subheaps_used;       /* high-water mark */
int anchorage_region_init(void);
static inline int in_region(const void *p)
{
  return (uintptr_t) p - (uintptr_t) anchorage_region < anchorage_region_size;
}
static inline struct subheap *subheap_of(const void *p)
{
  return &anchorage_subheaps[((uintptr_t) p - (uintptr_t) anchorage_region) >> SUBHEAP_SHIFT];
}
struct subheap *subheap_get(void);              /* from the pool; NULL: none left */
void subheap_put(struct subheap *sh);           /* back to the pool, pages released */
void subheap_reset(struct subheap *sh);
/* Where the block at p ends: the next block's start, or the top.  Safe
 * without the lock for an allocated block: lowering the top leaves the
 * start bit there, and a bump sets its bit before it raises the top. */
char *block_end(const struct subheap *sh, const char *p);
/* Allocate a block of `size` bytes (a multiple of 16): the free list,
 * then the bump top. */
char *subheap_alloc(struct subheap *sh, size_t size);
/* Same, but also search every larger list (for the defragmenter). */
char *subheap_alloc_fit(struct subheap *sh, size_t size);
/* Free the allocated block p of `size` bytes (the owner's lock held). */
void subheap_free(struct subheap *sh, char *p, size_t size);
/* Grow p, of `have` bytes, to `size` if it is the last block and there is
 * room; returns 1 if it did. */
int subheap_grow_last(struct subheap *sh, char *p, size_t have, size_t size);
/* Merge neighbouring free blocks, lower the top past trailing free space,
 * rebuild the free lists and give the pages inside free blocks back to
 * the kernel.  Returns the bytes of extent removed. */
size_t subheap_tidy(struct subheap *sh);
void anchorage_release_pages(void *start, void *end);   /* whole pages inside */

struct pass_result;

/* ---- size classes and pages (pages.c) -------------------------------- */
#define NCLASSES   64
#define SMALL_MAX  16384                        /* the largest class */
#define PAGE_SHIFT 16                           /* 64 KiB pages */
#define PAGE_SIZE  ((size_t) 1 << PAGE_SHIFT)
#define PAGES_PER_SUBHEAP (SUBHEAP_SIZE >> PAGE_SHIFT)

/* The class of a request of `size` bytes (<= SMALL_MAX). */
static inline unsigned size_class(size_t size)
{
  if (size <= 128)
    return size ? (unsigned) ((size - 1) >> 4) : 0;
  size_t s = size - 1;
  unsigned k = 63 - (unsigned) __builtin_clzl(s);       /* 2^k <= s < 2^(k+1) */
  return 8 + (k - 7) * 8 + (unsigned) ((s >> (k - 3)) & 7);
}
/* The block size of class c. */
static inline size_t class_size(unsigned c)
{
  if (c < 8)
    return 16 * (size_t) (c + 1);
  unsigned j = c - 8, k = 7 + j / 8;
  return ((size_t) 1 << k) + ((size_t) ((j & 7) + 1) << (k - 3));
}

/* The block size that holds `size` bytes: up to LARGE_BLOCK, a size
 * class's, so that a freed block serves the next request of its class
 * whole; above, a multiple of 16 bytes. */
static inline size_t block_for(size_t size)
{
  size_t t = (size + 15) & ~(size_t) 15;
  if (t <= SMALL_MAX)
    return t < MIN_BLOCK ? MIN_BLOCK : t;
  return t <= LARGE_BLOCK ? class_size(size_class(t)) : t;
}

enum page_state { PAGE_FREE, PAGE_OWNED, PAGE_ABANDONED };
struct theap;
struct page {                   /* out of band, in its sub-heap's first page */
  void *free;                   /* free blocks (owner only) */
  uint32_t used;                /* blocks allocated, those on thread_free included */
  uint32_t bump;                /* blocks carved so far */
  uint32_t capacity;            /* blocks in the page */
  uint32_t size;                /* block size */
  char *base;
  struct theap *_Atomic owner;  /* NULL unless PAGE_OWNED */
  void *_Atomic thread_free;    /* blocks other threads freed */
  _Atomic int queued;           /* on a heap's remote list (via remote_next) */
  uint8_t cls, state, in_full, evac;
  uint32_t scratch;             /* compaction: its slice of the ID map */
  struct page *next, *prev;     /* its list: the owner's, abandoned, or the pool */
  struct page *remote_next;
};
static inline struct page *page_of(const void *p)
{
  uintptr_t base = (uintptr_t) p & ~(SUBHEAP_SIZE - 1);
  return (struct page *) base + (((uintptr_t) p - base) >> PAGE_SHIFT);
}
/* Is b the start of one of pg's blocks (free-list checks)? */
static inline int page_holds(const struct page *pg, const void *b)
{
  size_t off = (size_t) ((const char *) b - pg->base);
  return off < (size_t) pg->bump * pg->size && off % pg->size == 0;
}
struct page_list { struct page *head; };
void page_list_push(struct page_list *l, struct page *pg);
void page_list_remove(struct page_list *l, struct page *pg);
extern pthread_mutex_t anchorage_pages_lock;
extern struct page_list anchorage_abandoned[NCLASSES];
extern size_t anchorage_abandoned_pages;        /* under the lock; read without */
/* An empty page for class c (pages_lock held): adopts nothing; NULL: the
 * region is full. */
struct page *page_take(unsigned c);
/* An empty page back to the pool (pages_lock held). */
void page_give(struct page *pg);
/* Make pg's blocks free up to a batch more (the owner, or the world stopped). */
void page_carve(struct page *pg);
/* Move the blocks other threads freed onto pg's free list; returns how many. */
uint32_t page_collect(struct page *pg);
void pages_trim(void);          /* dirty pool pages beyond the limit back to the kernel */

/* ---- thread heaps (thread-cache.c) ----------------------------------- */
/* Each heap keeps, per class, a few blocks it freed last (LIFO, linked
 * through their first word), which its next allocations of the class
 * take while their memory is still in the cache: at most hot_max(c)
 * blocks, HOT_BYTES of a class.  A hot block is free for the heap's
 * counts (live) but allocated for its page's (used), whichever heap owns
 * the page; a pass and the thread's exit give hot blocks back to their
 * pages. */
#define HOT_BYTES 8192
#define HOT_NONE  UINT16_MAX            /* nhot of a heap that keeps none */
static inline unsigned hot_max(unsigned c)
{
  size_t n = HOT_BYTES / class_size(c);
  return n < 1 ? 1 : n > 16 ? 16 : (unsigned) n;
}
extern uint32_t anchorage_class_size[NCLASSES];
extern uint16_t anchorage_hot_max[NCLASSES];
/* Likewise for medium blocks, kept allocated in their sub-heaps: at most
 * MHOT_MAX blocks of a class and MHOT_BYTES in all per thread, taken
 * without the shard's lock; a pass and the thread's exit free them. */
#define NMEDIUM    64                   /* classes NCLASSES .. NCLASSES + 63 */
#define MHOT_MAX   2
#define MHOT_BYTES ((long) 64 << 10)
struct theap {
  struct page *cur[NCLASSES];   /* where the class allocates; never NULL */
  void *mhot[NMEDIUM];          /* medium hot blocks, newest first */
  uint8_t nmhot[NMEDIUM];
  long mhot_bytes;              /* their bytes (LONG_MAX: the empty heap) */
  void *hot[NCLASSES];          /* hot blocks, newest first */
  uint16_t nhot[NCLASSES];      /* how many (HOT_NONE: the empty heap) */
  long hot_bytes;               /* their bytes */
  struct page_list avail[NCLASSES], full[NCLASSES];
  struct page *_Atomic remote;  /* pages with blocks on thread_free */
  long live;                    /* bytes allocated less bytes freed by this thread */
  long pages;                   /* pages owned */
  struct theap *next;           /* every heap, never freed */
  int in_use;
};
extern struct page anchorage_empty_page;
extern struct theap *_Atomic anchorage_heaps;
extern pthread_mutex_t anchorage_heaps_lock;
extern _Atomic long anchorage_retired_live;
int anchorage_heaps_init(void);
extern __thread struct theap *anchorage_my_heap __attribute__((tls_model("initial-exec")));
/* The slow paths of tc_alloc and tc_free (noinline: the fast paths below
 * need no frame). */
__attribute__((noinline)) void *tc_alloc_slow(unsigned c, size_t size);
__attribute__((noinline)) void tc_free_slow(struct theap *h, struct page *pg);
__attribute__((noinline)) void tc_remote_free(struct theap *h, struct page *pg, void *p);
static inline void add_live(struct theap *h, long delta)
{
  __atomic_store_n(&h->live, h->live + delta, __ATOMIC_RELAXED);
}
/* A small object (size <= SMALL_MAX, 16-aligned); NULL only when neither
 * the heap nor the region has room.  The fast path pops a free block of
 * the current page of the object's class. */
static inline void *tc_alloc(size_t size)
{
  unsigned c = size_class(size);
  struct theap *h = anchorage_my_heap;
  void **hb = h->hot[c];
  if (likely(hb != NULL)) {
    long n = anchorage_class_size[c];
    h->hot[c] = *hb;
    h->nhot[c]--;
    __atomic_store_n(&h->hot_bytes, h->hot_bytes - n, __ATOMIC_RELAXED);
    add_live(h, n);
    return hb;
  }
  struct page *pg = h->cur[c];
  void **b = pg->free;
  if (likely(b != NULL)) {
    ALASKA_ASSERT(page_holds(pg, b) && pg->used < pg->capacity);
    pg->free = *b;
    pg->used++;
    add_live(h, pg->size);
    return b;
  }
  return tc_alloc_slow(c, size);
}
/* The owner h frees p into its page pg. */
static inline void tc_free_local(struct theap *h, struct page *pg, void *p)
{
  ALASKA_ASSERT(pg->used > 0 && pg->free != p);       /* no double free */
  void *old = pg->free;
  *(void **) p = old;
  pg->free = p;
  add_live(h, -(long) pg->size);
  if (unlikely(--pg->used == 0 || !old))
    tc_free_slow(h, pg);
}
/* The owner pushes the block onto its page's free list; another thread
 * onto the page's thread_free list, or adopts the page if its thread
 * exited (tc_remote_free). */
static inline void tc_free(void *p)
{
  struct page *pg = page_of(p);
  struct theap *h = anchorage_my_heap;
  ALASKA_ASSERT(page_holds(pg, p));
  unsigned c = pg->cls;
  if (likely(h->nhot[c] < anchorage_hot_max[c])) {
    long n = anchorage_class_size[c];
    *(void **) p = h->hot[c];
    h->hot[c] = p;
    h->nhot[c]++;
    __atomic_store_n(&h->hot_bytes, h->hot_bytes + n, __ATOMIC_RELAXED);
    add_live(h, -n);
    return;
  }
  if (likely(__atomic_load_n(&pg->owner, __ATOMIC_RELAXED) == h)) {
    tc_free_local(h, pg, p);
    return;
  }
  tc_remote_free(h, pg, p);
}
/* Give every heap's hot blocks back to their pages' thread_free lists
 * (the world stopped; the pages' blocks are then collected): touched(pg)
 * once for each page whose list was empty. */
void tc_flush_all_hot(void (*touched)(struct page *pg));
/* Hot blocks of class c in all heaps (racy): free at the next barrier. */
uint32_t tc_hot_blocks(unsigned c);
/* Free h's medium hot blocks into their sub-heaps (the owner at its exit,
 * or the world stopped). */
void medium_flush_hot(struct theap *h);
/* Remove a page from its owner's lists or the abandoned list (the world
 * stopped, or the owner), and give it back. */
void tc_page_release(struct page *pg);
/* Live bytes and extent of the page sub-heaps, from the heaps' counters,
 * (slack not NULL) the free bytes in the threads' current pages and hot
 * blocks, and the bytes of medium hot blocks (live for their sub-heaps). */
void anchorage_pages_totals(size_t *extent, size_t *live, size_t *slack, size_t *medium_hot);

/* ---- compact.c: compaction of the size classes ----------------------- */
/* Before the barrier: choose candidate source pages (1: some). */
int compact_prepare(size_t budget, int forced);
void compact_unprepare(void);
unsigned compact_left(void);            /* candidates not yet emptied */
int compact_more(void);                 /* ... or left out of the look */
void compact_note_id(uint32_t id, void *backing);
/* Under the barrier: move the candidates' objects. */
void anchorage_compact(size_t *budget, int forced, struct pass_result *r);

/* ---- large.c: objects above LARGE_BLOCK, in mappings of their own ---- */
extern pthread_mutex_t anchorage_large_lock;
int in_large(const void *p);
void *large_alloc(size_t size);                 /* zero-filled; NULL: no room */
void large_free(void *p);
size_t large_usable_size(const void *p);
void *large_realloc(void *p, size_t size);      /* NULL: no room, p untouched */
/* Before the barrier: 1 if some object could move down (the table's read
 * then notes the objects' IDs).  Under it: move them down into holes. */
int large_prepare(void);
void large_note_id(uint32_t id, void *backing);
void large_compact(struct pass_result *r);

/* ---- shards and the service (service.c) ------------------------------ */
struct shard {
  pthread_mutex_t lock;
  struct subheap *cur;          /* where this shard allocates */
  struct subheap *list;         /* every sub-heap it owns */
  size_t extent, live;          /* sums over its sub-heaps */
} __attribute__((aligned(64)));
extern struct shard anchorage_shards[NSHARDS];
void shard_add_live(struct shard *s, long delta);
void shard_add_extent(struct shard *s, long delta);
void shard_adopt(struct shard *s, struct subheap *sh);
void shard_release(struct subheap *sh);     /* an empty sub-heap back to the pool */
extern ANCHORAGE_API const struct alaska_service alaska_service_anchorage;
int anchorage_active(void);
/* From libalaska's region malloc (never moves); NULL: no room. */
void *anchorage_region_alloc(size_t size, size_t align, int zero);

/* ---- defrag.c: a pass, under a barrier --------------------------------- */
struct pass_result {
  size_t moved, objects, released;      /* released: extent given back */
  int stopped_early;                    /* the pause bound cut it short */
  int more;                             /* the look left sources for later */
};
void anchorage_pass(size_t budget, int forced, struct pass_result *r);
/* Before the barrier: choose the candidate source sub-heap (1: one). */
int defrag_prepare(int forced);
void defrag_unprepare(void);
void defrag_note_id(uint32_t id, void *backing, struct subheap *sh);

/* ---- prepare.c: a pass's look before its barrier ---------------------- */
/* Choose candidates and read the handle table for their objects' IDs,
 * with every thread running (the pass's own thread), or take up the last
 * look again while it has candidates left; after the pass, keep it for
 * the next one. */
void anchorage_prepare(size_t budget, int forced);
void anchorage_prepared_keep(void);
/* Under a barrier: the pass, on what was prepared (or preparing now, if
 * nothing was). */
void anchorage_pass_prepared(size_t budget, int forced, struct pass_result *r);
/* Request a pass of `budget` bytes and run a barrier for it (the control
 * loop and anchorage_defragment).  wait_ms 0: alaska_barrier(), which
 * waits for the threads as long as ALASKA_BARRIER_TIMEOUT allows; else one
 * attempt of that many ms.  Returns 0, -1 if the barrier failed, or 1 if
 * the attempt did not stop every thread in time (nothing moved). */
int anchorage_run_pass(size_t budget, int forced, long wait_ms, struct pass_result *r,
                       uint64_t *ns);
void anchorage_barrier_hook(void);

/* ---- pause.c: the pause bound (ANCHORAGE_MAX_PAUSE) ------------------ */
uint64_t anchorage_now_ns(void);                /* CLOCK_MONOTONIC */
void pause_begin(uint64_t t0);                  /* a pass's pause started at t0 */
/* Before each unit of moving work, of `objects' objects and `bytes'
 * bytes: 1 if the pass must stop (never before the first unit; from then
 * on, once the pause would reach the bound with this unit). */
int pause_over(size_t objects, size_t bytes);
int pause_over_ns(uint64_t ns);                 /* the same, for work of ns */
/* A running figure of how long work takes, after a new measure x: it
 * follows a larger figure quickly and a smaller one slowly. */
static inline uint64_t pause_follow(uint64_t avg, uint64_t x)
{
  return x > avg ? (avg + x) / 2 : avg - (avg - x) / 8;
}
int pause_stopped(void);                        /* pause_over() said 1 in this pass */
void pause_end(uint64_t pause_ns);              /* the pass's whole pause */

/* ---- control.c --------------------------------------------------------- */
int anchorage_control_start(void);
void anchorage_control_stop(void);
/* (extent - slack) / live: the extent of the heap, less the free bytes of
 * the threads' current pages, over the live bytes; 1.0 when nothing lives. */
double anchorage_fragmentation(size_t *extent, size_t *live);
extern volatile int anchorage_defragmenting;

/* ---- options.c --------------------------------------------------------- */
enum anchorage_option_id {
  OPT_FRAG_LB, OPT_FRAG_UB, OPT_OVERHEAD_LB, OPT_OVERHEAD_UB, OPT_ALPHA,
  OPT_CONTROL, OPT_FORCE_INTERVAL, OPT_PASS_LIMIT, OPT_MIN_EXTENT,
  OPT_MAX_PAUSE, OPT_STATS, OPT_TRACE,
  OPT__COUNT
};
void anchorage_options_init(void);
double anchorage_option(enum anchorage_option_id id);
const char *anchorage_option_string(enum anchorage_option_id id);
void anchorage_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- stats.c ----------------------------------------------------------- */
void anchorage_stats_pass(const struct pass_result *r, uint64_t ns);
void anchorage_stats_large(long delta);

#pragma GCC visibility pop
#endif
