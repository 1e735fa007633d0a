/* SPDX-License-Identifier: MIT */
/* service-malloc.c: the "malloc" service, libalaska's default.  Backing
 * memory comes from a malloc over the backing region (backing-region.c:
 * jemalloc in an arena of its own).  At a barrier it moves
 * every object that is not pinned -- copy to a new block of the
 * relocation arena, poison the old block, point the handle at the copy --
 * which makes a missed pin or a raw pointer kept across a safepoint show
 * up as a wrong result or a crash (ALASKA_STRESS, the test oracle).  Old
 * blocks stay poisoned until the next barrier has ended; then a block
 * whose poison was written over is reported, and the rest are freed.
 * A moved object keeps the usable size it had in its first block (the arena's
 * blocks are powers of two): programs that count malloc_usable_size at
 * allocation and at free, as Redis does, must see the same figure. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define POISON 0xa5

static void *malloc_service_alloc(uint32_t id, size_t size, size_t align, int zero)
{
  (void) id;
  return alaska_region_malloc(size, align, zero);
}

/* Usable sizes of moved objects, by handle ID: reserved inaccessible at
 * the first barrier, and made accessible COMMIT bytes at a time as IDs
 * move, by the barrier alone: an entry is read only once its object has
 * moved, so it is accessible by then, and new pages never replace those
 * already in use. */
#define COMMIT (UINT64_C(2) << 20)
static uint32_t *moved_size;
static uint64_t moved_committed;        /* bytes of moved_size accessible */

static size_t malloc_service_usable_size(uint32_t id, void *backing)
{
  return alaska_arena_contains(backing) ? moved_size[id] : alaska_region_usable_size(backing);
}

static void malloc_service_free(uint32_t id, void *backing)
{
  (void) id;
  if (alaska_arena_contains(backing))
    alaska_arena_free(backing);
  else
    alaska_region_free(backing);
}

static void *malloc_service_realloc(uint32_t id, void *backing, size_t size)
{
  if (!alaska_arena_contains(backing))
    return alaska_region_realloc(backing, size);
  void *nb = alaska_region_malloc(size, 16, 0);
  if (nb) {
    size_t old = moved_size[id];
    memcpy(nb, backing, old < size ? old : size);
    alaska_arena_free(backing);
  }
  return nb;
}

/* Old blocks of the last two barriers: poisoned now, checked and freed
 * later. */
struct old_block { void *p; size_t size; uint32_t id; };
struct quarantine { struct old_block *v; size_t n, cap; };
static struct quarantine held[2];
static unsigned current;

static int hold(void *old, size_t size, uint32_t id)
{
  struct quarantine *q = &held[current];
  if (q->n == q->cap) {
    size_t cap = q->cap ? 2 * q->cap : 4096;
    struct old_block *v = q->v ? mremap(q->v, q->cap * sizeof *v, cap * sizeof *v, MREMAP_MAYMOVE)
                               : mmap(NULL, cap * sizeof *v, PROT_READ | PROT_WRITE,
                                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (v == MAP_FAILED)
      return -1;
    q->v = v;
    q->cap = cap;
  }
  q->v[q->n++] = (struct old_block) { old, size, id };
  return 0;
}

/* A write through a raw pointer kept across the move lands in the old
 * block: the oracle names it instead of letting it corrupt whatever libc
 * puts there next. */
static void check_poison(const struct old_block *b)
{
  const unsigned char *c = b->p;
  for (size_t i = 0; i < b->size; i++)
    if (c[i] != POISON)
      alaska_fatal("stress: the old copy of handle ID %u (%zu bytes at %p) was written "
                   "after its object moved: byte %zu is %#x, not the poison %#x",
                   b->id, b->size, b->p, i, c[i], POISON);
}

/* Make moved_size[id] accessible (under the barrier); 0 if it cannot be. */
static int moved_size_cover(uint32_t id)
{
  uint64_t need = ((uint64_t) id + 1) * sizeof *moved_size;
  if (likely(need <= moved_committed))
    return 1;
  if (!moved_size) {
    void *m = mmap(NULL, ALASKA_MAX_HANDLES * sizeof *moved_size, PROT_NONE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
      return 0;
    moved_size = m;
  }
  return alaska_map_writable((char *) moved_size, &moved_committed, need, COMMIT);
}

/* alaska_handles_in callback: move one object, unless pinned.  *failed:
 * the quarantine or the table of moved sizes could not grow, so nothing
 * more moves. */
static void move_one(uint32_t id, void *old, void *failed)
{
  if (*(int *) failed || alaska_is_pinned(id))
    return;
  if (!moved_size_cover(id)) {
    *(int *) failed = 1;
    return;
  }
  size_t size = malloc_service_usable_size(id, old);
  /* Keep the alignment the object may have asked for: what its address
   * has, but no more than its size rounded up (the service does not
   * record requested alignments), nor a page. */
  uintptr_t natural = (uintptr_t) old & -(uintptr_t) old;
  size_t align = 16;
  while (align < natural && align < size && align < 4096)
    align *= 2;
  void *nb = alaska_arena_alloc(size, align);
  if (!nb)
    return;
  if (hold(old, size, id)) {
    alaska_arena_free(nb);
    *(int *) failed = 1;
    return;
  }
  memcpy(nb, old, size);
  memset(old, POISON, size);
  moved_size[id] = (uint32_t) size;
  alaska_relocate(id, nb);
}

/* Under the barrier: move every unpinned object. */
static void malloc_service_barrier(void)
{
  int failed = 0;
  alaska_handles_in(NULL, (void *) UINTPTR_MAX, move_one, &failed);
}

/* After the world restarted: free what the barrier before this one moved. */
static void malloc_service_after_barrier(void)
{
  current ^= 1;
  struct quarantine *q = &held[current];
  alaska_runtime_enter();
  for (size_t i = 0; i < q->n; i++) {
    check_poison(&q->v[i]);
    malloc_service_free(0, q->v[i].p);
  }
  alaska_runtime_leave();
  q->n = 0;
}

const struct alaska_service alaska_service_malloc = {
  .name = "malloc",
  .alloc = malloc_service_alloc,
  .free = malloc_service_free,
  .realloc = malloc_service_realloc,
  .usable_size = malloc_service_usable_size,
  .barrier = malloc_service_barrier,
  .after_barrier = malloc_service_after_barrier,
};
