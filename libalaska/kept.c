/* SPDX-License-Identifier: MIT */
/* kept.c: objects pinned for good.  A handle whose translated address the
 * program passed to a function of another library (not the C library) may
 * be kept there -- libevent's event_assign keeps its event and its
 * callback argument -- so the plugin calls alaska_keep() with it before the
 * call, and the object never moves again until it is freed.  One bit per
 * handle ID, in a bitmap reserved on the first keep and demand-paged.
 *
 * A library gives such an address back to the program as it is: the user
 * data of a callback, libcurl's CURLINFO_PRIVATE, GMP's realloc and free
 * hooks given what the program's allocation hook returned.  Exported
 * objects are kept objects whose address went out as a return value: a
 * function of the program that another library calls back returns
 * through an export thunk (the plugin's external-thunks.cc), which calls
 * alaska_export().  A map from each kept or exported object's backing
 * address to its handle ID, recorded when it is first kept, lets hfree,
 * hrealloc and halloc_usable_size take that address
 * (alaska_exported_handle), and alaska_marshal_out turn it back into the
 * handle when a library writes it where the program reads pointers
 * (alaska_kept_handle_at). */
#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include "internal.h"

_Atomic uint64_t *alaska_kept_bits;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void reserve(void)
{
  void *m = mmap(NULL, ALASKA_MAX_HANDLES / 8, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (m == MAP_FAILED)
    alaska_fatal("cannot reserve the bitmap of kept objects");
  __atomic_store_n(&alaska_kept_bits, m, __ATOMIC_RELEASE);
}

static void record_backing(uint32_t id);

ALASKA_API void alaska_keep(const void *h)
{
  /* Anything but a live handle is left: the plugin also keeps what a
   * structure's pointer member holds, which may be garbage. */
  if (!alaska_live_handle((uintptr_t) h))
    return;
  if (unlikely(!__atomic_load_n(&alaska_kept_bits, __ATOMIC_ACQUIRE)))
    pthread_once(&once, reserve);
  uint32_t id = alaska_handle_id(h);
  uint64_t bit = UINT64_C(1) << (id & 63);
  if (!(atomic_load_explicit(&alaska_kept_bits[id >> 6], memory_order_relaxed) & bit)
      && !(atomic_fetch_or_explicit(&alaska_kept_bits[id >> 6], bit, memory_order_relaxed) & bit)) {
    /* Kept now: its address may come back from the library. */
    alaska_runtime_enter();
    record_backing(id);
    alaska_runtime_leave();
  }
}

void alaska_unkeep(uint32_t id)
{
  uint64_t bit = UINT64_C(1) << (id & 63);
  if (atomic_load_explicit(&alaska_kept_bits[id >> 6], memory_order_relaxed) & bit)
    atomic_fetch_and_explicit(&alaska_kept_bits[id >> 6], ~bit, memory_order_relaxed);
}

/* Exported objects: backing address -> handle ID, open addressing with
 * linear probing (key 0: empty), under a mutex. */
struct exported_slot {
  uintptr_t backing;
  uint32_t id;
};
static struct exported_slot *exported;
static size_t exported_cap, exported_count;   /* cap: a power of two, or 0 */
static pthread_mutex_t exported_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t exported_home(uintptr_t backing)
{
  return (size_t) ((backing >> 4) * UINT64_C(0x9e3779b97f4a7c15) >> 20) & (exported_cap - 1);
}

static void exported_grow(void)
{
  size_t old_cap = exported_cap;
  struct exported_slot *old = exported;
  exported_cap = old_cap ? 2 * old_cap : 256;
  exported = calloc(exported_cap, sizeof *exported);
  if (!exported)
    alaska_fatal("out of memory recording an exported object");
  for (size_t i = 0; i < old_cap; i++)
    if (old[i].backing) {
      size_t j = exported_home(old[i].backing);
      while (exported[j].backing)
        j = (j + 1) & (exported_cap - 1);
      exported[j] = old[i];
    }
  free(old);
}

/* The slot of backing, or of the empty slot where it would go. */
static size_t exported_find(uintptr_t backing)
{
  size_t i = exported_home(backing);
  while (exported[i].backing && exported[i].backing != backing)
    i = (i + 1) & (exported_cap - 1);
  return i;
}

/* Empty slot i, moving back the entries after it that probed past it. */
static void exported_remove_at(size_t i)
{
  size_t mask = exported_cap - 1;
  exported[i].backing = 0;
  exported_count--;
  for (size_t j = (i + 1) & mask; exported[j].backing; j = (j + 1) & mask) {
    size_t h = exported_home(exported[j].backing);
    if (((j - h) & mask) >= ((j - i) & mask)) {     /* h not in (i, j] */
      exported[i] = exported[j];
      exported[j].backing = 0;
      i = j;
    }
  }
}

/* Map the backing address of kept object id, if it is live, to id. */
static void record_backing(uint32_t id)
{
  uint32_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
  if (e == 0 || e == ALASKA_ENTRY_FREE)
    return;                     /* a dangling pointer given to a library */
  uintptr_t backing = (uintptr_t) alaska_translate(alaska_make_handle(id));
  pthread_mutex_lock(&exported_lock);
  if (2 * (exported_count + 1) > exported_cap)
    exported_grow();
  size_t i = exported_find(backing);
  if (!exported[i].backing) {
    exported[i].backing = backing;
    exported_count++;
  }
  exported[i].id = id;
  pthread_mutex_unlock(&exported_lock);
}

ALASKA_API void *alaska_export(void *p)
{
  if (!alaska_is_handle(p))
    return p;
  alaska_ensure_init();
  alaska_runtime_enter();
  alaska_keep(p);
  uint32_t id = alaska_handle_id(p);
  alaska_checked_backing(alaska_make_handle(id), "export");
  record_backing(id);           /* again: a reallocated object moved */
  void *t = alaska_translate(p);
  alaska_runtime_leave();
  return t;
}

/* The ID exported at backing, or ALASKA_NO_ID; forget: and drop it. */
static uint32_t exported_lookup(uintptr_t backing, int forget)
{
  uint32_t id = ALASKA_NO_ID;
  /* Every holder of the lock is in the runtime, where no barrier stops it:
   * else a barrier could stop this thread holding the lock while another
   * waits for it inside alaska_keep, which the barrier waits for. */
  alaska_runtime_enter();
  pthread_mutex_lock(&exported_lock);
  if (exported_cap) {
    size_t i = exported_find(backing);
    if (exported[i].backing) {
      id = exported[i].id;
      if (forget)
        exported_remove_at(i);
    }
  }
  pthread_mutex_unlock(&exported_lock);
  alaska_runtime_leave();
  return id;
}

void *alaska_kept_handle_at(const void *raw)
{
  uint32_t id = exported_lookup((uintptr_t) raw, 0);
  return id == ALASKA_NO_ID ? NULL : alaska_make_handle(id);
}

void *alaska_exported_handle(const void *raw, const char *what)
{
  void *h = alaska_kept_handle_at(raw);
  if (!h)
    alaska_fatal("%s(%p): an address in the region of handles' memory that is not "
                 "the start of an object the program gave to or returned to another library",
                 what, raw);
  return h;
}

void alaska_exported_forget(const void *backing)
{
  exported_lookup((uintptr_t) backing, 1);
}
