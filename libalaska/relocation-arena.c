/* SPDX-License-Identifier: MIT */
/* relocation-arena.c: the memory the malloc service moves objects into.
 *
 * Under a barrier the world is stopped and another thread may be stopped
 * inside a malloc holding its locks, so moved objects cannot come from
 * one.  They come from this arena instead: a piece of the backing region
 * (backing-region.c), reserved at the first barrier and made accessible
 * COMMIT bytes at a time as it is used (alaska_map_writable), cut into 1 MiB chunks, each
 * serving one power-of-two size class (blocks aligned to their class), or
 * a run of chunks for one large block.  Free blocks go on per-class
 * lists, free runs on per-length lists.  Its lock is
 * taken only inside libalaska (where a thread does not stop) or by the
 * barrier itself.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define REGION_SIZE  ALASKA_ARENA_SIZE
#define CHUNK_SHIFT  20
#define CHUNK_SIZE   (UINT64_C(1) << CHUNK_SHIFT)
#define MIN_SHIFT    4
#define MAX_SHIFT    18             /* classes 16 B .. 256 KiB */
#define HEADER       4096           /* first bytes of a chunk: its header */
#define MAX_RUN      64             /* free runs kept per length up to this */
#define COMMIT       (UINT64_C(64) << 20)  /* accessible in steps of this */

struct chunk { uint32_t shift; uint32_t run; };  /* class, or chunks of a large block */
struct block { struct block *next; };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
char *alaska_arena_region;         /* reserved lazily (internal.h) */
static size_t used_chunks;
static uint64_t committed;         /* [region, + committed) is accessible */
static struct block *free_class[MAX_SHIFT + 1];
static struct block *free_run[MAX_RUN + 1];   /* first chunk of a free run */

static struct chunk *chunk_of(const void *p)
{
  return (struct chunk *) ((uintptr_t) p & ~(uintptr_t) (CHUNK_SIZE - 1));
}

static char *new_chunks(size_t n)
{
  if (!alaska_arena_region) {
    char *r = alaska_region_reserve(REGION_SIZE, CHUNK_SIZE);
    if (!r)
      return NULL;
    alaska_arena_region = r;
  }
  if ((used_chunks + n) * CHUNK_SIZE > REGION_SIZE
      || !alaska_map_writable(alaska_arena_region, &committed, (used_chunks + n) * CHUNK_SIZE,
                              COMMIT))
    return NULL;
  char *c = alaska_arena_region + used_chunks * CHUNK_SIZE;
  used_chunks += n;
  return c;
}

/* align: at least 16, a power of two. */
void *alaska_arena_alloc(size_t size, size_t align)
{
  size_t need = size > align ? size : align;
  unsigned shift = MIN_SHIFT;
  while (((size_t) 1 << shift) < need)
    shift++;
  void *result = NULL;
  pthread_mutex_lock(&lock);
  if (shift <= MAX_SHIFT) {
    if (!free_class[shift]) {
      char *c = new_chunks(1);
      if (c) {
        ((struct chunk *) c)->shift = shift;
        size_t bs = (size_t) 1 << shift;
        size_t first = bs > HEADER ? bs : HEADER;
        for (size_t off = CHUNK_SIZE - bs; off >= first; off -= bs) {
          struct block *b = (struct block *) (c + off);
          b->next = free_class[shift];
          free_class[shift] = b;
        }
      }
    }
    if (free_class[shift]) {
      result = free_class[shift];
      free_class[shift] = free_class[shift]->next;
    }
  } else if (align <= HEADER) {
    size_t n = (size + HEADER + CHUNK_SIZE - 1) >> CHUNK_SHIFT;
    char *c;
    if (n <= MAX_RUN && free_run[n]) {
      c = (char *) free_run[n];
      free_run[n] = free_run[n]->next;
    } else
      c = new_chunks(n);
    if (c) {
      ((struct chunk *) c)->shift = 0;
      ((struct chunk *) c)->run = (uint32_t) n;
      result = c + HEADER;
    }
  }
  pthread_mutex_unlock(&lock);
  return result;
}

/* Around fork (threads.c). */
void alaska_arena_lock(int take)
{
  if (take)
    pthread_mutex_lock(&lock);
  else
    pthread_mutex_unlock(&lock);
}

void alaska_arena_free(void *p)
{
  struct chunk *c = chunk_of(p);
  pthread_mutex_lock(&lock);
  if (c->shift) {
    struct block *b = p;
    b->next = free_class[c->shift];
    free_class[c->shift] = b;
  } else {
    size_t n = c->run;
    /* Give the pages back; keep the run for reuse (or leave it). */
    madvise((char *) c + HEADER, n * CHUNK_SIZE - HEADER, MADV_DONTNEED);
    if (n <= MAX_RUN) {
      struct block *b = (struct block *) c;
      b->next = free_run[n];
      free_run[n] = b;
    }
  }
  pthread_mutex_unlock(&lock);
}
