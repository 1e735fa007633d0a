/* service-malloc.c: the "malloc" service, libalaska's default.  Backing
 * memory comes from the C library's allocator; objects never move except
 * under stress mode. */
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

static void *malloc_service_alloc(uint32_t id, size_t size, size_t align, int zero)
{
  (void) id;
  if (align <= _Alignof(max_align_t))
    return zero ? calloc(1, size) : malloc(size);
  void *p;
  if (posix_memalign(&p, align, size))
    return NULL;
  if (zero)
    memset(p, 0, size);
  return p;
}

static void malloc_service_free(uint32_t id, void *backing)
{
  (void) id;
  free(backing);
}

static void *malloc_service_realloc(uint32_t id, void *backing, size_t size)
{
  (void) id;
  return realloc(backing, size);
}

static size_t malloc_service_usable_size(uint32_t id, void *backing)
{
  (void) id;
  return malloc_usable_size(backing);
}

const struct alaska_service alaska_service_malloc = {
  .name = "malloc",
  .alloc = malloc_service_alloc,
  .free = malloc_service_free,
  .realloc = malloc_service_realloc,
  .usable_size = malloc_service_usable_size,
};
