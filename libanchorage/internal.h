/* internal.h: declarations shared between libanchorage's source files and
 * not exported (the version script keeps them local).
 *
 * The heap is one large reserved mapping cut into sub-heaps of
 * SUBHEAP_SIZE bytes.  A sub-heap is a run of blocks, each an 8-byte
 * header followed by its payload; blocks start 8 bytes past a multiple of
 * 16, so every payload is 16-aligned.  Free blocks sit on power-of-two free
 * lists of their sub-heap; allocation checks one list head and otherwise
 * bumps the sub-heap's top.  Sub-heaps belong to shards (one lock each);
 * threads are spread over the shards. */
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

/* ---- blocks ------------------------------------------------------------ */
struct block {
  uint32_t id;                  /* handle ID, or FREE_ID */
  uint32_t units;               /* size / 16, header included; | PINNED_ALIGN */
};
#define FREE_ID      UINT32_MAX
#define UNITS_MASK   0x00ffffffu
#define FIXED_ALIGN  0x80000000u  /* alignment above 16 asked: never moved */

static inline size_t block_size(const struct block *b) { return (size_t) (b->units & UNITS_MASK) * 16; }
static inline struct block *block_of(void *payload) { return (struct block *) ((char *) payload - 8); }
static inline void *payload_of(struct block *b) { return (char *) b + 8; }
static inline struct block *block_next(struct block *b) { return (struct block *) ((char *) b + block_size(b)); }
/* Free-list link, in the first payload word of a free block. */
static inline struct block **free_link(struct block *b) { return (struct block **) payload_of(b); }
/* The block size (header included) that holds `size` payload bytes. */
static inline size_t block_for(size_t size)
{
  size_t t = (size + 8 + 15) & ~(size_t) 15;
  return t < MIN_BLOCK ? MIN_BLOCK : t;
}

/* ---- sub-heaps (subheap.c) -------------------------------------------- */
struct shard;
struct subheap {
  char *base;                   /* SUBHEAP_SIZE bytes */
  char *top;                    /* next bump block; blocks cover [base+8, top) */
  size_t live;                  /* bytes of allocated blocks */
  struct shard *owner;          /* NULL: in the pool of unused sub-heaps */
  struct subheap *next, *prev;  /* the owner's list */
  struct block *heads[NBUCKETS];
};
static inline size_t subheap_extent(const struct subheap *sh) { return (size_t) (sh->top - sh->base); }

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
/* Allocate a block of `size` bytes (a multiple of 16) aligned so that its
 * payload is a multiple of `align`: the free list, then the bump top. */
struct block *subheap_alloc(struct subheap *sh, size_t size, size_t align);
/* Same, but also search every larger list (for the defragmenter). */
struct block *subheap_alloc_fit(struct subheap *sh, size_t size);
void subheap_push_free(struct subheap *sh, struct block *b);
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
 * loop and anchorage_defragment).  Returns 0, or -1 if the barrier failed. */
int anchorage_run_pass(size_t budget, int forced, struct pass_result *r, uint64_t *ns);
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
