/* SPDX-License-Identifier: MIT */
/* halloc.c: the allocation API (halloc and friends).  Each live object gets
 * a handle ID whose table entry holds the address of backing memory from
 * the service.  Objects a handle cannot address (larger than
 * ALASKA_MAX_OBJECT_SIZE bytes, alignment above 2^32, a full table, or a
 * full backing region) are raw libc memory; hfree and hrealloc tell the
 * two apart by the handle bit. */
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "internal.h"

#define MIN_ALIGN ((size_t) _Alignof(max_align_t))
#define MAX_HANDLE_ALIGN (UINT64_C(1) << ALASKA_ID_SHIFT)

static __attribute__((noinline, cold)) void *raw_alloc(size_t size, size_t align, int zero)
{
  if (alaska_stats_enabled)
    alaska_stats_raw_fallback();
  if (align <= MIN_ALIGN)
    return zero ? calloc(1, size) : malloc(size);
  void *p;
  int err = posix_memalign(&p, align, size);
  if (err) {
    errno = err;
    return NULL;
  }
  if (zero)
    memset(p, 0, size);
  return p;
}

/* The usable size of a handle's object: what the service gives, up to what
 * an offset can address.  Statistics count this figure throughout. */
static size_t backing_size(uint32_t id, void *backing)
{
  size_t n = alaska_service->usable_size(id, backing);
  return n > ALASKA_MAX_OBJECT_SIZE ? ALASKA_MAX_OBJECT_SIZE : n;
}

/* Usable sizes by handle ID, for programs that ask for them at every
 * allocation and free: asking the service means entering the runtime, a
 * checked look at the entry and a call through the service table (the
 * malloc service then goes through jemalloc's general path).  Reserved at
 * the first malloc_usable_size of a handle, one byte per ID, so that the
 * cache stays small beside the handle table: the size in units of 16
 * bytes, up to 4080 (larger sizes, jemalloc's 4096 class among them, are
 * asked every time), or 0 = not known.  Once it exists, an entry is set
 * when its object is allocated or reallocated (the malloc service's small
 * blocks from jemalloc's size classes, other services by asking them), set
 * when asked, and cleared when its object is freed or moved.  Its pages
 * go back to the kernel with the handle table's.  A query that knows the
 * answer needs no service call and does not enter the runtime.  (An entry
 * set for a live object is cleared by its free, which the program orders
 * after every use of the handle, the query included.) */
static uint8_t *_Atomic usable_sizes;
#define USABLE_UNIT 16

/* The entry for a usable size of n bytes: 0 where it does not fit. */
static inline uint8_t usable_entry(size_t n)
{
  return n % USABLE_UNIT == 0 && n / USABLE_UNIT <= UINT8_MAX ? (uint8_t) (n / USABLE_UNIT) : 0;
}

static inline void forget_usable_size(uint32_t id)
{
  uint8_t *u = atomic_load_explicit(&usable_sizes, memory_order_relaxed);
  if (unlikely(u != NULL))
    u[id] = 0;
}

/* The entry of a block the service has just given, if there is a cache. */
static inline void remember_usable_size(uint32_t id, void *backing)
{
  uint8_t *u = atomic_load_explicit(&usable_sizes, memory_order_relaxed);
  if (unlikely(u != NULL))
    u[id] = usable_entry(backing_size(id, backing));
}

/* align: a power of two.  Runs inside the runtime (no barrier stops it).
 * Inline, so that halloc's constant arguments fold away. */
static inline __attribute__((always_inline)) void *handle_alloc_1(size_t size, size_t align, int zero)
{
  if (align < MIN_ALIGN)
    align = MIN_ALIGN;
  if (unlikely(size > ALASKA_MAX_OBJECT_SIZE || align > MAX_HANDLE_ALIGN))
    return raw_alloc(size, align, zero);
  uint32_t id = alaska_id_alloc();
  if (unlikely(id == ALASKA_NO_ID))
    return raw_alloc(size, align, zero);
  void *backing = alaska_service->alloc(id, size ? size : 1, align, zero);
  if (unlikely(!backing)) {     /* the backing region is full */
    alaska_id_free(id);
    return raw_alloc(size, align, zero);
  }
  atomic_store_explicit(alaska_entry(id), alaska_entry_encode(id, backing), memory_order_release);
  uint8_t *u = atomic_load_explicit(&usable_sizes, memory_order_relaxed);
  if (alaska_service != &alaska_service_malloc)
    remember_usable_size(id, backing);
  else if (unlikely(u != NULL))   /* jemalloc's classes, not its slow answer */
    u[id] = usable_entry(alaska_region_usable_of(size, align));  /* 0: not known */
  if (alaska_stats_enabled)
    alaska_stats_alloc(backing_size(id, backing));
  return alaska_make_handle(id);
}

static inline __attribute__((always_inline)) void *handle_alloc(size_t size, size_t align, int zero)
{
  alaska_ensure_init();
  alaska_runtime_enter();
  void *h = handle_alloc_1(size, align, zero);
  alaska_runtime_leave();
  return h;
}

/* halloc where the fast path does not apply. */
static __attribute__((noinline)) void *halloc_general(size_t size)
{
  return handle_alloc(size, MIN_ALIGN, 0);
}

/* The fast path of halloc for other services than malloc (Anchorage):
 * the runtime is set up and nothing is counted (alaska_service_fast), so
 * an ID from the thread's cache and the service's block are all it
 * takes. */
static inline __attribute__((always_inline)) void *halloc_service_fast(size_t size)
{
  alaska_runtime_enter();
  uint32_t id = alaska_id_alloc();
  if (likely(id != ALASKA_NO_ID)) {
    void *backing = alaska_service->alloc(id, size ? size : 1, MIN_ALIGN, 0);
    if (likely(backing != NULL)) {
      atomic_store_explicit(alaska_entry(id), alaska_entry_encode(id, backing),
                            memory_order_release);
      remember_usable_size(id, backing);
      alaska_runtime_leave();
      return alaska_make_handle(id);
    }
    alaska_id_free(id);
  }
  alaska_runtime_leave();
  return halloc_general(size);
}

/* The fast path of halloc and hfree: the malloc service's small blocks
 * come straight from jemalloc's thread cache (internal.h), as
 * alaska_region_malloc and alaska_region_free would give them, with no
 * call through the service table, and nothing to count (ALASKA_STATS) or
 * forget (a kept handle): alaska_malloc_fast and alaska_kept_bits say so.
 * A thread bound to the region's arena implies the runtime is set up. */
ALASKA_API void *halloc(size_t size)
{
  if (likely(alaska_service_fast && size <= ALASKA_MAX_OBJECT_SIZE))
    return halloc_service_fast(size);
  size_t rounded = alaska_round16(size);
  if (likely(rounded <= ALASKA_SMALL_MAX && alaska_region_bound > 0 && alaska_malloc_fast)) {
    alaska_runtime_enter();
    uint32_t id = alaska_id_alloc();
    if (likely(id != ALASKA_NO_ID)) {
      void *backing = alaska_je_malloc(rounded);
      if (likely(backing != NULL)) {
        atomic_store_explicit(alaska_entry(id), alaska_entry_encode(id, backing),
                              memory_order_release);
        uint8_t *u = atomic_load_explicit(&usable_sizes, memory_order_relaxed);
        if (unlikely(u != NULL))
          u[id] = usable_entry(alaska_small_usable[rounded >> 4]);
        alaska_runtime_leave();
        return alaska_make_handle(id);
      }
      alaska_id_free(id);
    }
    alaska_runtime_leave();
  }
  return halloc_general(size);
}

ALASKA_API void *hcalloc(size_t nmemb, size_t size)
{
  size_t total;
  if (__builtin_mul_overflow(nmemb, size, &total)) {
    errno = ENOMEM;
    return NULL;
  }
  return handle_alloc(total, MIN_ALIGN, 1);
}

static void hfree_1(void *ptr);

/* hfree of a raw pointer: libc's memory, or the address of an exported
 * object (alaska_export), which another library gives back. */
static __attribute__((noinline)) void hfree_raw(void *ptr)
{
  if (likely(!alaska_in_backing_region(ptr)))
    free(ptr);
  else
    hfree(alaska_exported_handle(ptr, "free"));
}

/* free preserves errno, as glibc's does: giving a large object's pages
 * back may fail (an mmap when the process has reached its limit of
 * mappings), which is no error of the program's. */
ALASKA_API void hfree(void *ptr)
{
  if (!alaska_is_handle(ptr)) {
    hfree_raw(ptr);
    return;
  }
  int saved_errno = errno;
  if (likely(alaska_malloc_fast && !alaska_kept_bits)) {
    alaska_runtime_enter();
    void *backing = alaska_checked_backing(ptr, "free");
    if (likely(!alaska_arena_contains(backing))) {
      uint32_t id = alaska_handle_id(ptr);
      forget_usable_size(id);
      alaska_id_free(id);
      alaska_je_free(backing);
      alaska_runtime_leave();
      errno = saved_errno;
      return;
    }
    alaska_runtime_leave();
  } else if (likely(alaska_service_fast && !alaska_kept_bits)) {
    alaska_runtime_enter();
    void *backing = alaska_checked_backing(ptr, "free");
    uint32_t id = alaska_handle_id(ptr);
    alaska_service->free(id, backing);
    forget_usable_size(id);
    alaska_id_free(id);
    alaska_runtime_leave();
    errno = saved_errno;
    return;
  }
  hfree_1(ptr);
  errno = saved_errno;
}

/* hfree of a handle, the general path. */
static __attribute__((noinline)) void hfree_1(void *ptr)
{
  alaska_ensure_init();
  alaska_runtime_enter();
  void *backing = alaska_checked_backing(ptr, "free");
  uint32_t id = alaska_handle_id(ptr);
  if (alaska_stats_enabled)
    alaska_stats_free(backing_size(id, backing));
  alaska_service->free(id, backing);
  if (alaska_kept(id)) {
    alaska_exported_forget(backing);
    alaska_unkeep(id);
  }
  forget_usable_size(id);
  alaska_id_free(id);
  alaska_runtime_leave();
}

static void *hrealloc_1(void *ptr, size_t size);

/* hrealloc of a raw pointer (as hfree_raw). */
static __attribute__((noinline)) void *hrealloc_raw(void *ptr, size_t size)
{
  if (likely(!alaska_in_backing_region(ptr)))
    return realloc(ptr, size);
  return hrealloc(alaska_exported_handle(ptr, "realloc"), size);
}

ALASKA_API void *hrealloc(void *ptr, size_t size)
{
  if (!ptr)
    return halloc(size);
  if (!alaska_is_handle(ptr))
    return hrealloc_raw(ptr, size);
  alaska_ensure_init();
  alaska_runtime_enter();
  void *r = hrealloc_1(ptr, size);
  alaska_runtime_leave();
  return r;
}

static void *hrealloc_1(void *ptr, size_t size)
{
  void *backing = alaska_checked_backing(ptr, "realloc");
  uint32_t id = alaska_handle_id(ptr);
  if (size == 0) {              /* as glibc: free and return NULL */
    hfree(ptr);
    return NULL;
  }
  if (unlikely(size > ALASKA_MAX_OBJECT_SIZE)) {
    /* Too big for a handle: move the contents to raw memory. */
    void *raw = raw_alloc(size, MIN_ALIGN, 0);
    if (!raw)
      return NULL;
    memcpy(raw, backing, backing_size(id, backing));
    hfree(ptr);
    return raw;
  }
  /* The old size, only where it is used (it costs a lookup). */
  size_t old = alaska_stats_enabled || !alaska_service->realloc ? backing_size(id, backing) : 0;
  void *nb;
  if (alaska_service == &alaska_service_malloc && !alaska_arena_contains(backing)) {
    nb = alaska_region_realloc(backing, size);  /* malloc_service_realloc, inline */
  } else if (alaska_service->realloc) {
    nb = alaska_service->realloc(id, backing, size);
  } else {
    nb = alaska_service->alloc(id, size, MIN_ALIGN, 0);
    if (nb) {
      memcpy(nb, backing, old < size ? old : size);
      alaska_service->free(id, backing);
    }
  }
  if (unlikely(!nb)) {
    errno = ENOMEM;
    return NULL;
  }
  atomic_store_explicit(alaska_entry(id), alaska_entry_encode(id, nb), memory_order_release);
  if (unlikely(alaska_kept(id)) && nb != backing)
    alaska_exported_forget(backing);
  remember_usable_size(id, nb);
  if (alaska_stats_enabled)
    alaska_stats_resize(old, backing_size(id, nb));
  return ptr;                   /* the handle stays the same */
}

ALASKA_API void *hreallocarray(void *ptr, size_t nmemb, size_t size)
{
  size_t total;
  if (__builtin_mul_overflow(nmemb, size, &total)) {
    errno = ENOMEM;
    return NULL;
  }
  return hrealloc(ptr, total);
}

static int power_of_two(size_t x)
{
  return x && !(x & (x - 1));
}

ALASKA_API void *haligned_alloc(size_t alignment, size_t size)
{
  if (!power_of_two(alignment)) {
    errno = EINVAL;
    return NULL;
  }
  return handle_alloc(size, alignment, 0);
}

ALASKA_API int hposix_memalign(void **memptr, size_t alignment, size_t size)
{
  if (!power_of_two(alignment) || alignment % sizeof(void *))
    return EINVAL;
  int saved = errno;
  void *p = handle_alloc(size, alignment, 0);
  if (!p)
    return ENOMEM;
  errno = saved;
  *memptr = p;
  return 0;
}

ALASKA_API void *hmemalign(size_t alignment, size_t size)
{
  /* As glibc: a non-power-of-two alignment is rounded up. */
  if (alignment > (SIZE_MAX >> 1) + 1) {
    errno = EINVAL;
    return NULL;
  }
  size_t a = 1;
  while (a < alignment)
    a <<= 1;
  return handle_alloc(size, a, 0);
}

ALASKA_API void *hvalloc(size_t size)
{
  return handle_alloc(size, (size_t) sysconf(_SC_PAGESIZE), 0);
}

ALASKA_API void *hpvalloc(size_t size)
{
  size_t page = (size_t) sysconf(_SC_PAGESIZE);
  size_t rounded;
  if (__builtin_add_overflow(size, page - 1, &rounded)) {
    errno = ENOMEM;
    return NULL;
  }
  rounded &= ~(page - 1);
  return handle_alloc(rounded ? rounded : page, page, 0);
}

/* The IDs are free (their entries 0) and none can be given out meanwhile
 * (handle-table.c's give_back, under its lock). */
void alaska_usable_sizes_give_back(uint32_t first)
{
  uint8_t *u = atomic_load_explicit(&usable_sizes, memory_order_acquire);
  if (u)
    madvise(u + first, ALASKA_USABLE_PAGE_IDS, MADV_DONTNEED);
}

static __attribute__((noinline, cold)) uint8_t *reserve_usable_sizes(void)
{
  uint8_t *u = mmap(NULL, ALASKA_MAX_HANDLES * sizeof *u, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (u == MAP_FAILED)
    return NULL;                /* ask the service every time */
  uint8_t *expected = NULL;
  if (!atomic_compare_exchange_strong(&usable_sizes, &expected, u)) {
    munmap(u, ALASKA_MAX_HANDLES * sizeof *u);  /* another thread's won */
    return expected;
  }
  return u;
}

static __attribute__((noinline)) size_t usable_size_asked(void *ptr, uint32_t id)
{
  alaska_runtime_enter();
  void *backing = alaska_checked_backing(ptr, "malloc_usable_size");
  size_t n = backing_size(id, backing);
  uint8_t *u = atomic_load_explicit(&usable_sizes, memory_order_acquire);
  if (!u)
    u = reserve_usable_sizes();
  if (u)
    u[id] = usable_entry(n);
  alaska_runtime_leave();
  return n;
}

ALASKA_API size_t halloc_usable_size(void *ptr)
{
  if (!ptr)
    return 0;
  if (!alaska_is_handle(ptr)) {
    if (likely(!alaska_in_backing_region(ptr)))
      return malloc_usable_size(ptr);
    ptr = alaska_exported_handle(ptr, "malloc_usable_size");
  }
  /* A known size is a live object's (its free clears it), so a handle to
   * the start of its object whose size is known needs no look at its
   * entry.  Any other goes the checked way, which names a freed handle or
   * one into the middle of an object. */
  uint32_t id = alaska_handle_id(ptr);
  uint8_t *u = atomic_load_explicit(&usable_sizes, memory_order_acquire);
  if (likely(u != NULL && alaska_handle_offset(ptr) == 0)) {
    size_t known = u[id];
    if (likely(known))
      return known * USABLE_UNIT;
  }
  alaska_ensure_init();
  return usable_size_asked(ptr, id);
}

ALASKA_API char *hstrndup(const char *s, size_t n)
{
  alaska_ensure_init();
  alaska_runtime_enter();       /* s must not move while it is copied */
  const char *src = alaska_translate(s);
  size_t len = strnlen(src, n);
  char *h = handle_alloc_1(len + 1, MIN_ALIGN, 0);
  if (h) {
    char *dst = alaska_translate(h);
    memcpy(dst, alaska_translate(s), len);
    dst[len] = '\0';
  }
  alaska_runtime_leave();
  return h;
}

ALASKA_API char *hstrdup(const char *s)
{
  return hstrndup(s, SIZE_MAX);
}

#undef alaska_translate
ALASKA_API void *alaska_translate(const void *p)
{
  return alaska_translate_inline(p);
}
#define alaska_translate alaska_translate_inline

ALASKA_API void alaska_relocate(uint32_t id, void *backing)
{
  /* A service moves a live object that nothing pins, under a barrier. */
  ALASKA_ASSERT(alaska_backing(id) != NULL && !alaska_is_pinned(id));
  if (alaska_stats_enabled)
    alaska_stats_resize(backing_size(id, alaska_backing(id)), backing_size(id, backing));
  atomic_store_explicit(alaska_entry(id), alaska_entry_encode(id, backing), memory_order_release);
  forget_usable_size(id);
}

ALASKA_API void *alaska_backing(uint32_t id)
{
  if (id >= alaska_ids_issued())
    return NULL;
  uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_acquire);
  return e == ALASKA_ENTRY_FREE ? NULL : alaska_entry_decode(id, e);
}
