/* internal.h: declarations shared between libanchorage's source files and
 * not exported (the version script keeps them local).
 *
 * The heap is one large reserved mapping cut into sub-heaps of
 * SUBHEAP_SIZE bytes.  A sub-heap is a run of headerless blocks (16-byte
 * multiples, 16-aligned) after two bitmaps with a bit per 16-byte granule:
 * `starts' marks the first granule of every block, free or allocated, and
 * `used' that of allocated ones.  An allocated block ends where the next
 * one starts; a free block holds its free-list link and size.  Free blocks
 * sit on power-of-two free lists of their sub-heap; allocation checks one
 * list head and otherwise bumps the sub-heap's top.  Sub-heaps belong to
 * shards (one lock each); threads are spread over the shards.  A block's
 * handle ID is not stored: a defragmentation pass reads the handle table. */
#ifndef ANCHORAGE_INTERNAL_H
#define ANCHORAGE_INTERNAL_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <alaska.h>
#include "anchorage.h"

#define ANCHORAGE_API __attribute__((visibility("default")))
#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

#define SUBHEAP_SHIFT 24                        /* 16 MiB sub-heaps */
#define SUBHEAP_SIZE  ((size_t) 1 << SUBHEAP_SHIFT)
#define MIN_BLOCK     16
#define NBUCKETS      (SUBHEAP_SHIFT - 4 + 1)   /* 2^4 .. 2^SUBHEAP_SHIFT */
#define LARGE_BLOCK   (SUBHEAP_SIZE / 4)        /* above: libc memory */
#define NSHARDS       16
#define PAGE          ((uintptr_t) 4096)

/* ---- sub-heaps and their blocks (subheap.c) ------------------------- */
#define MAP_WORDS  (SUBHEAP_SIZE / 16 / 64)     /* words in one bitmap */
#define META_SIZE  (2 * MAP_WORDS * 8)          /* both bitmaps, at the base */

struct free_block {             /* in the first 16 bytes of a free block */
  struct free_block *next;
  size_t size;
};
/* The block size that holds `size` bytes. */
static inline size_t block_for(size_t size)
{
  size_t t = (size + 15) & ~(size_t) 15;
  return t < MIN_BLOCK ? MIN_BLOCK : t;
}

struct shard;
struct subheap {
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
extern const struct alaska_service alaska_service_anchorage;
int anchorage_active(void);

/* ---- defrag.c: a pass, under a barrier --------------------------------- */
struct pass_result { size_t moved, objects, released; };  /* released: extent given back */
void anchorage_pass(size_t budget, int forced, struct pass_result *r);
/* Request a pass of `budget` bytes and run a barrier for it (the control
 * loop and anchorage_defragment).  wait_ms 0: alaska_barrier(), which
 * waits for the threads as long as ALASKA_BARRIER_TIMEOUT allows; else one
 * attempt of that many ms.  Returns 0, -1 if the barrier failed, or 1 if
 * the attempt did not stop every thread in time (nothing moved). */
int anchorage_run_pass(size_t budget, int forced, long wait_ms, struct pass_result *r,
                       uint64_t *ns);
void anchorage_barrier_hook(void);

/* ---- control.c --------------------------------------------------------- */
int anchorage_control_start(void);
void anchorage_control_stop(void);
double anchorage_fragmentation(size_t *extent, size_t *live);
extern volatile int anchorage_defragmenting;

/* ---- options.c --------------------------------------------------------- */
enum anchorage_option_id {
  OPT_FRAG_LB, OPT_FRAG_UB, OPT_OVERHEAD_LB, OPT_OVERHEAD_UB, OPT_ALPHA,
  OPT_CONTROL, OPT_FORCE_INTERVAL, OPT_PASS_LIMIT, OPT_MIN_EXTENT,
  OPT_STATS, OPT_TRACE,
  OPT__COUNT
};
void anchorage_options_init(void);
double anchorage_option(enum anchorage_option_id id);
const char *anchorage_option_string(enum anchorage_option_id id);
void anchorage_fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
void anchorage_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- stats.c ----------------------------------------------------------- */
void anchorage_stats_pass(const struct pass_result *r, uint64_t ns);
void anchorage_stats_large(long delta);

#endif
