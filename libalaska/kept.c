/* kept.c: objects pinned for good.  A handle whose translated address the
 * program passed to a function of another library (not the C library) may
 * be kept there -- libevent's event_assign keeps its event and its
 * callback argument -- so the plugin calls alaska_keep() with it before the
 * call, and the object never moves again until it is freed.  One bit per
 * handle ID, in a bitmap reserved on the first keep and demand-paged. */
#include <pthread.h>
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

ALASKA_API void alaska_keep(const void *h)
{
  if (!alaska_is_handle(h))
    return;
  if (unlikely(!__atomic_load_n(&alaska_kept_bits, __ATOMIC_ACQUIRE)))
    pthread_once(&once, reserve);
  uint32_t id = alaska_handle_id(h);
  uint64_t bit = UINT64_C(1) << (id & 63);
  if (!(atomic_load_explicit(&alaska_kept_bits[id >> 6], memory_order_relaxed) & bit))
    atomic_fetch_or_explicit(&alaska_kept_bits[id >> 6], bit, memory_order_relaxed);
}

void alaska_unkeep(uint32_t id)
{
  uint64_t bit = UINT64_C(1) << (id & 63);
  if (atomic_load_explicit(&alaska_kept_bits[id >> 6], memory_order_relaxed) & bit)
    atomic_fetch_and_explicit(&alaska_kept_bits[id >> 6], ~bit, memory_order_relaxed);
}
