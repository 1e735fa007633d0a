/* SPDX-License-Identifier: MIT */
/* alaska.h: the public API of libalaska, the gcc-alaska runtime.
 *
 * Programs compiled with alaska-gcc (or gcc -fplugin=alaska) call these
 * functions without knowing it: the plugin redirects malloc and friends to
 * their handle versions and inserts alaska_translate() before memory
 * accesses.  Programs and services may also call them directly.
 *
 * Link with `pkg-config --libs alaska` (-lalaska).
 */
#ifndef ALASKA_H
#define ALASKA_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <alaska-abi.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define ALASKA_MALLOC_ATTR __attribute__((malloc, warn_unused_result))
#else
#define ALASKA_MALLOC_ATTR
#endif

/* Allocation: same contracts as the libc functions they are named after.
 * Results are handles, except for objects larger than ALASKA_MAX_OBJECT_SIZE
 * bytes (and when the handle table is full), which are raw libc memory.
 * hfree, hrealloc and halloc_usable_size accept raw pointers too and
 * forward them to libc. */
void *halloc(size_t size) ALASKA_MALLOC_ATTR;
void *hcalloc(size_t nmemb, size_t size) ALASKA_MALLOC_ATTR;
void *hrealloc(void *ptr, size_t size);
void *hreallocarray(void *ptr, size_t nmemb, size_t size);
void hfree(void *ptr);
void *haligned_alloc(size_t alignment, size_t size) ALASKA_MALLOC_ATTR;
int hposix_memalign(void **memptr, size_t alignment, size_t size);
void *hmemalign(size_t alignment, size_t size) ALASKA_MALLOC_ATTR;
void *hvalloc(size_t size) ALASKA_MALLOC_ATTR;
void *hpvalloc(size_t size) ALASKA_MALLOC_ATTR;
size_t halloc_usable_size(void *ptr);
char *hstrdup(const char *s) ALASKA_MALLOC_ATTR;
char *hstrndup(const char *s, size_t n) ALASKA_MALLOC_ATTR;

/* Is p a handle (rather than a raw pointer)? */
static inline int alaska_is_handle(const void *p)
{
  return (int64_t) (uintptr_t) p < 0;
}

/* The address p currently stands for: raw pointers pass through, a handle
 * becomes its table entry plus its offset.  The result is valid only while
 * the object cannot move (see alaska(7)).  A function, not an inline: in
 * code the plugin instruments, the result is then the raw pointer it is,
 * not arithmetic on the handle. */
void *alaska_translate(const void *p);

/* Statistics (ALASKA_STATS=1 prints them at exit).  X(name, meaning) for
 * each counter, in the order of struct alaska_stats. */
#define ALASKA_STATS_COUNTERS(X) \
  X(handles_allocated,      "handles handed out, in total") \
  X(handles_freed,          "handles returned, in total") \
  X(handles_live,           "allocated - freed") \
  X(handles_peak,           "largest handles_live seen") \
  X(bytes_live,             "usable bytes behind live handles") \
  X(raw_fallbacks,          "allocations served as raw libc memory") \
  X(table_bytes,            "bytes of handle-table pages holding entries") \
  X(barriers,               "barriers that completed") \
  X(barriers_failed,        "barriers that gave up, moving nothing") \
  X(barrier_pause_total_ns, "time the world was stopped, in total") \
  X(barrier_pause_max_ns,   "... in the longest barrier") \
  X(barrier_stop_max_ns,    "longest wait for every thread to stop, in a barrier that moved")

struct alaska_stats {
  /* In: sizeof (struct alaska_stats) as the caller was compiled.  Out: the
   * bytes alaska_stats_get filled, so that the struct can grow at its end
   * without breaking programs built against an older alaska.h. */
  size_t size;
#define ALASKA_STATS_FIELD_(name, meaning) uint64_t name;
  ALASKA_STATS_COUNTERS(ALASKA_STATS_FIELD_)
#undef ALASKA_STATS_FIELD_
};
/* Fill *st, whose size the caller has set:
 *     struct alaska_stats st = { .size = sizeof st };
 * Counting is on only when ALASKA_STATS is set; otherwise returns -1 and
 * leaves the counters zeroed.  -1 also if st->size is too small for the
 * size field itself. */
int alaska_stats_get(struct alaska_stats *st);
void alaska_stats_print(void);

/* ------------------------------------------------------------------------
 * The service interface.  A service owns the backing memory of handles.
 * libalaska contains the "malloc" service; other libraries (libanchorage)
 * provide more.  A service library exports
 *     const struct alaska_service alaska_service_<name>;
 * and ALASKA_SERVICE=<name> selects it.  When ALASKA_SERVICE is unset, a
 * linked service library that exports
 *     const struct alaska_service *const alaska_default_service;
 * is used (libanchorage does), and otherwise "malloc".
 *
 * All callbacks must be thread-safe.  `id` is the handle ID the memory
 * backs, so that a service can later find and update the entry.  Backing
 * memory must come from the backing region (alaska-abi.h), 16-byte
 * aligned: from alaska_region_reserve() or alaska_region_malloc() below.
 */
struct alaska_service {
  const char *name;
  /* Lifetime: called once, before the first allocation / at exit. */
  int (*init) (void);
  void (*deinit) (void);
  /* Backing memory: size >= 1, align a power of two >= 16.  zero: the
   * memory must be zero-filled.  NULL means out of memory. */
  void *(*alloc) (uint32_t id, size_t size, size_t align, int zero);
  void (*free) (uint32_t id, void *backing);
  /* Resize, keeping contents; may return a different block.  NULL: the
   * runtime does alloc + copy + free instead. */
  void *(*realloc) (uint32_t id, void *backing, size_t size);
  size_t (*usable_size) (uint32_t id, void *backing);
  /* Called under a stop-the-world barrier: the service may move any object
   * for which alaska_is_pinned() is false, with alaska_relocate().  NULL:
   * the service never moves objects. */
  void (*barrier) (void);
  /* Called after a barrier, once every thread runs again (NULL: none). */
  void (*after_barrier) (void);
};

/* The backing region, for services.  alaska_region_reserve: size bytes
 * of it, aligned to align (a power of two; at least 2 MiB), for the
 * caller alone and for good, inaccessible until the caller mprotects the
 * parts it uses.  alaska_region_malloc and the rest: a general allocator
 * over it (jemalloc), with malloc's sizes and alignments (align a power
 * of two; zero: zero-filled).  Both return NULL when the region is full;
 * realloc then leaves p as it was. */
void *alaska_region_reserve(size_t size, size_t align);
void *alaska_region_malloc(size_t size, size_t align, int zero);
void alaska_region_free(void *p);
size_t alaska_region_usable_size(const void *p);
void *alaska_region_realloc(void *p, size_t size);

/* The service in use (after the first allocation). */
const struct alaska_service *alaska_current_service(void);

/* Backing address of a live handle ID, or NULL if it is not live. */
void *alaska_backing(uint32_t id);

/* Pin the object of handle h for good (until it is freed): for pointers
 * that code not compiled by the plugin keeps.  The plugin calls it before
 * calls into other libraries than the C library (see alaska(7)). */
void alaska_keep(const void *h);

/* Keep the object of handle p (as alaska_keep) and return its translated
 * address, which hfree, hrealloc and halloc_usable_size then accept in
 * place of the handle; p itself if it is no handle.  The plugin's export
 * thunks call it on what a callback of another library returns. */
void *alaska_export(void *p);

/* Marshalling of pointers stored where a call's arguments point, around
 * a call into code the plugin did not compile (alaska-abi.h); the plugin
 * calls them. */
size_t alaska_marshal_in(struct alaska_marshal_slot *m, unsigned long n);
void alaska_marshal_out(struct alaska_marshal_slot *m, unsigned long n);
void alaska_marshal_array(const void *const *array, const char *fn);
void alaska_marshal_freed(const void *const *where, const char *fn);
void alaska_marshal_deep(const void *where, unsigned long offset, unsigned arg, const char *fn);
void alaska_marshal_out_array(struct alaska_marshal_slot *m, unsigned long n, unsigned long s);
void alaska_marshal_libc(const void *p, unsigned arg, const char *fn);

/* Stop the world at safepoints and let the service move every object that
 * no thread has pinned.  A thread that a busy machine has not scheduled
 * is waited for: the barrier lets everyone go and tries again, for up to
 * ALASKA_BARRIER_TIMEOUT ms (default 60 s).  0 on success; -1 if nothing
 * moved (the threads did not all stop within that time, or a pin set
 * could not be read). */
int alaska_barrier(void);

/* For services (a control loop with its own retries): one attempt at a
 * barrier, waiting at most wait_ms ms for the threads to stop.  0 on
 * success; -1 if a pin set could not be read; 1 if not every thread
 * stopped in time.  Nothing moved unless 0, and nothing is printed. */
int alaska_barrier_try(long wait_ms);

/* For services, during a barrier: is handle ID pinned?  And: move it
 * (its contents already copied to `backing'). */
int alaska_is_pinned(uint32_t id);
void alaska_relocate(uint32_t id, void *backing);
/* For services, during a barrier: when this attempt began stopping the
 * threads (CLOCK_MONOTONIC, ns), where the barrier's pause starts. */
uint64_t alaska_barrier_started_ns(void);
/* After a barrier: how long the world was stopped in its last attempt
 * that stopped every thread (ns), the barrier_pause of ALASKA_STATS. */
uint64_t alaska_barrier_pause_ns(void);
/* For services: call fn for every live handle whose backing address is
 * in [lo, hi), in ID order.  One read of the whole table, so that a
 * service need not record each object's ID.  Outside a barrier (while
 * threads allocate, free and resize) the view is racy: under the barrier,
 * alaska_backing() tells whether a handle still names what was seen. */
void alaska_handles_in(const void *lo, const void *hi,
                       void (*fn)(uint32_t id, void *backing, void *arg), void *arg);

/* For services: start a thread that barriers do not stop (a control loop).
 * It must never touch handles' objects; it may call alaska_barrier(). */
int alaska_service_thread_create(pthread_t *thread, void *(*fn)(void *), void *arg);

#ifdef __cplusplus
}
#endif
#endif /* ALASKA_H */
