/* SPDX-License-Identifier: MIT */
/* marshal.c: handles stored where a call's arguments point, around a call
 * into code the plugin did not compile (alaska-abi.h, struct
 * alaska_marshal_slot).  The plugin loads each slot's value and keeps it
 * in the caller's pin set for the whole call; alaska_marshal_in stores the
 * translations of the live handles among them, and alaska_marshal_out
 * turns what the callee left in the slots back into handle + offset where
 * it points into one of the call's translated objects, and into the handle
 * where it is the address of a kept object (the library gives back what it
 * was given earlier: libcurl's CURLINFO_PRIVATE).
 *
 * A slot may hold anything (a pure out-parameter is uninitialized), so
 * only a live handle is translated (alaska_live_handle: bit 63 set, an
 * ID handed out, an entry neither 0 nor ALASKA_ENTRY_FREE).
 *
 * An out-parameter's array of pointers that the callee built inside one of
 * the call's objects (getgrnam_r's gr_mem, in its buffer) has its elements
 * rebased too (alaska_marshal_out_array); and an argument that must be
 * the C library's own object is checked to be no handle, unless kept
 * (alaska_marshal_libc).
 *
 * Where marshalling does not reach -- a pointer one level below a slot,
 * such as the strings of a `char **' member or the iovecs of a struct
 * mmsghdr -- alaska_marshal_deep stops the program if a live handle is
 * there, before the callee reads it.  It reads only memory known to be
 * readable: a handle's object, a kept object at its address, and the
 * calling thread's stack. */
#define _GNU_SOURCE
#include <pthread.h>
#include <valgrind/memcheck.h>
#include "internal.h"

ALASKA_API size_t alaska_marshal_in(struct alaska_marshal_slot *m, unsigned long n)
{
  size_t translated = 0;
  for (unsigned long i = 0; i < n; i++) {
    void *h = m[i].handle;
    /* An out-parameter's garbage is read on purpose: memcheck is told. */
    VALGRIND_MAKE_MEM_DEFINED(&h, sizeof h);
    if (!m[i].slot) {
      translated += m[i].raw != h;      /* an argument's object, or a null slot */
      continue;
    }
    if (alaska_live_handle((uintptr_t) h)) {
      void *t = alaska_translate(h);
      m[i].raw = t;
      *m[i].slot = t;
      translated++;
    } else
      m[i].raw = h;
  }
  return translated;
}

/* The handle of the object of entry e that raw address r points into
 * (from its start to its end, or one past it if past_end), or NULL. */
static void *rebase(const struct alaska_marshal_slot *e, uintptr_t r, int past_end)
{
  uintptr_t t = (uintptr_t) e->raw;
  if (r == t)
    return e->handle;           /* unmoved: the common case */
  uint32_t off = alaska_handle_offset(e->handle);
  uintptr_t start = t - off;
  if (r < start)
    return NULL;
  char *base = (char *) e->handle - off;
  if (r - start >= halloc_usable_size(base) + past_end)
    return NULL;
  return base + (r - start);
}

ALASKA_API void alaska_marshal_out(struct alaska_marshal_slot *m, unsigned long n)
{
  for (unsigned long i = 0; i < n; i++) {
    void **slot = m[i].slot;
    if (!slot)
      continue;
    uintptr_t r = (uintptr_t) *slot;
    VALGRIND_MAKE_MEM_DEFINED(&r, sizeof r);    /* an out-parameter left unwritten */
    /* Only the backing region holds handles' objects: null, handles and
     * the library's own memory are left at once. */
    if (!alaska_in_backing_region((void *) r))
      continue;
    /* Its own object first, up to one past its end: an advanced cursor
     * (iconv, getsubopt).  Then the others', inside before one past the
     * end: objects may lie back to back (getpwnam_r's structure, then
     * its buffer, which the members point into). */
    void *h = NULL;
    if (m[i].raw != m[i].handle)
      h = rebase(&m[i], r, 1);
    for (int past_end = 0; past_end < 2 && !h; past_end++)
      for (unsigned long j = 0; !h && j < n; j++)
        if (j != i && m[j].raw != m[j].handle)
          h = rebase(&m[j], r, past_end);
    /* A kept object's address the callee wrote gives its handle back; one
     * the slot held already (left translated by a call that keeps it:
     * aio_read's aio_buf, which aio_error then reads) stays as it is. */
    if (!h && alaska_kept_bits && r != (uintptr_t) m[i].handle)
      h = alaska_kept_handle_at((void *) r);
    if (h)
      *slot = h;
  }
}

/* The handle of the translated object among m's entries that raw address
 * r points into (before its end), or NULL. */
static void *rebase_any(const struct alaska_marshal_slot *m, unsigned long n, uintptr_t r)
{
  void *h = NULL;
  for (unsigned long j = 0; !h && j < n; j++)
    if (m[j].raw != m[j].handle)
      h = rebase(&m[j], r, 0);
  return h;
}

ALASKA_API void alaska_marshal_out_array(struct alaska_marshal_slot *m, unsigned long n,
                                         unsigned long s)
{
  if (s >= n || !m[s].slot)
    return;
  uintptr_t a = (uintptr_t) *m[s].slot;
  VALGRIND_MAKE_MEM_DEFINED(&a, sizeof a);
  if (!alaska_in_backing_region((void *) a))
    return;                     /* null, a handle, or the library's own array */
  char *h = rebase_any(m, n, a);
  if (!h)
    return;
  /* The array lies in that object: walk it to a null element or the
   * object's end, rebasing what points into the call's objects. */
  uint32_t off = alaska_handle_offset(h);
  size_t left = halloc_usable_size(h - off) - off;
  void **p = (void **) a;
  for (; left >= sizeof(void *) && *p; p++, left -= sizeof(void *)) {
    void *e = rebase_any(m, n, (uintptr_t) *p);
    if (e)
      *p = e;
  }
}

ALASKA_API void alaska_marshal_libc(const void *p, unsigned arg, const char *fn)
{
  /* A kept object is the library's too: it was given it to keep
   * (res_ninit's state), and its address never changes. */
  if (alaska_live_handle((uintptr_t) p) && !alaska_kept(alaska_handle_id(p)))
    alaska_fatal("%s: argument %u must be an object the C library allocated, but it is "
                 "a handle (%p); this is not supported (see alaska(7), LIMITS)", fn, arg, p);
}

ALASKA_API void alaska_marshal_array(const void *const *array, const char *fn)
{
  if (array && alaska_live_handle((uintptr_t) array[0]))
    alaska_fatal("%s was given an array of pointers holding handles (its first is %p), "
                 "whose length the plugin cannot know: the callee would read them "
                 "untranslated; this is not supported (see alaska(7), LIMITS)",
                 fn, array[0]);
}

ALASKA_API void alaska_marshal_freed(const void *const *where, const char *fn)
{
  if (where && alaska_live_handle((uintptr_t) *where))
    alaska_fatal("%s would free or reallocate %p, a handle, with the C library's "
                 "allocator; this is not supported (see alaska(7), LIMITS)",
                 fn, *where);
}

/* The calling thread's stack, [lo, hi), found once per thread. */
static __thread uintptr_t stack_lo, stack_hi __attribute__((tls_model("initial-exec")));

static int on_own_stack(uintptr_t p, size_t n)
{
  if (!stack_hi) {
    pthread_attr_t a;
    void *base;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &a) != 0)
      return 0;
    if (pthread_attr_getstack(&a, &base, &size) == 0) {
      stack_lo = (uintptr_t) base;
      stack_hi = stack_lo + size;
    }
    pthread_attr_destroy(&a);
  }
  /* Below this frame the stack may be unmapped: only what lies above it. */
  uintptr_t sp = (uintptr_t) __builtin_frame_address(0);
  return p >= sp && p < stack_hi && stack_hi - p >= n;
}

ALASKA_API void alaska_marshal_deep(const void *where, unsigned long offset, unsigned arg,
                                    const char *fn)
{
  uintptr_t w = (uintptr_t) where;
  VALGRIND_MAKE_MEM_DEFINED(&w, sizeof w);     /* an out-parameter's garbage */
  const void *const *place;
  void *kept;
  if (alaska_live_handle(w)) {
    /* A handle's object is readable up to its usable size. */
    uint32_t off = alaska_handle_offset(where);
    char *base = (char *) where - off;
    if ((uint64_t) off + offset + sizeof(void *) > halloc_usable_size(base))
      return;
    place = (const void *const *) ((char *) alaska_translate(where) + offset);
  } else if (alaska_kept_bits && alaska_in_backing_region(where)
             && (kept = alaska_kept_handle_at(where))) {
    /* The address of a kept object, which a call that keeps it left in
     * its place (getaddrinfo_a's list): readable as its handle is. */
    if (offset + sizeof(void *) > halloc_usable_size(kept))
      return;
    place = (const void *const *) (w + offset);
  } else if (w && on_own_stack(w + offset, sizeof(void *)))
    place = (const void *const *) (w + offset);
  else
    return;                     /* null, or memory the check cannot know is readable */
  uintptr_t v = (uintptr_t) *place;
  VALGRIND_MAKE_MEM_DEFINED(&v, sizeof v);
  if (alaska_live_handle(v))
    alaska_fatal("%s: argument %u holds a handle in a field the runtime cannot translate "
                 "(see alaska(7))", fn, arg);
}
