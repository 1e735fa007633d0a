/* SPDX-License-Identifier: MIT */
/* wrappers-dnptrs.c: handle-aware versions of the resolver's name
 * compressors, dn_comp, ns_name_compress and ns_name_pack (ALASKA_WRAPPERS
 * in alaska-abi.h).  They take dnptrs, a null-terminated array (ending
 * before lastdnptr) of pointers to the names already in the message, which
 * they read and extend with pointers to the names they write into dst.
 * The elements may be handles into the program's message: libc gets them
 * translated, and after the call each is given back as it was, and each
 * new one, which points into dst's object, as handle + offset. */
#define _GNU_SOURCE
#include <arpa/nameser.h>
#include <resolv.h>
#include "internal.h"

#define T(p) ((__typeof__(p)) alaska_wrapper_pin(p))
#define DNPTRS_MAX 256          /* resolv's own tables hold far fewer */

struct dnptrs {
  const unsigned char **v, **last;
  size_t n;
  const unsigned char *handle[DNPTRS_MAX], *raw[DNPTRS_MAX];
};

static void dnptrs_in(struct dnptrs *d, const unsigned char **dnptrs,
                      const unsigned char **lastdnptr, const char *fn)
{
  d->v = T(dnptrs);
  d->last = T(lastdnptr);
  d->n = 0;
  for (; d->v && d->v + d->n < d->last && d->v[d->n]; d->n++) {
    if (d->n == DNPTRS_MAX)
      alaska_fatal("%s was given more than %d compression pointers", fn, DNPTRS_MAX);
    d->handle[d->n] = d->v[d->n];
    d->v[d->n] = d->raw[d->n] = T(d->v[d->n]);
  }
}

/* dst: the handle whose translation dst_raw the callee wrote names at. */
static void dnptrs_out(struct dnptrs *d, const unsigned char *dst,
                       const unsigned char *dst_raw)
{
  const unsigned char *start = dst_raw - (alaska_is_handle(dst) ? alaska_handle_offset(dst) : 0);
  const unsigned char *base = dst - (alaska_is_handle(dst) ? alaska_handle_offset(dst) : 0);
  size_t size = alaska_is_handle(dst) ? halloc_usable_size((void *) base) : 0;
  for (size_t i = 0; d->v && d->v + i < d->last && d->v[i]; i++)
    if (i < d->n && d->v[i] == d->raw[i])
      d->v[i] = d->handle[i];
    else if (size && d->v[i] >= start && (size_t) (d->v[i] - start) < size)
      d->v[i] = base + (d->v[i] - start);
}

ALASKA_API int alaska_dn_comp(const char *src, unsigned char *dst, int length,
                              unsigned char **dnptrs, unsigned char **lastdnptr)
{
  WRAPPER_SCOPE;
  struct dnptrs d;
  dnptrs_in(&d, (const unsigned char **) dnptrs, (const unsigned char **) lastdnptr, "dn_comp");
  unsigned char *t = T(dst);
  int r = dn_comp(T(src), t, length, (unsigned char **) d.v, (unsigned char **) d.last);
  dnptrs_out(&d, dst, t);
  return r;
}

ALASKA_API int alaska_ns_name_compress(const char *src, unsigned char *dst, size_t dstsiz,
                                       const unsigned char **dnptrs,
                                       const unsigned char **lastdnptr)
{
  WRAPPER_SCOPE;
  struct dnptrs d;
  dnptrs_in(&d, dnptrs, lastdnptr, "ns_name_compress");
  unsigned char *t = T(dst);
  int r = ns_name_compress(T(src), t, dstsiz, d.v, d.last);
  dnptrs_out(&d, dst, t);
  return r;
}

ALASKA_API int alaska_ns_name_pack(const unsigned char *src, unsigned char *dst, int dstsiz,
                                   const unsigned char **dnptrs, const unsigned char **lastdnptr)
{
  WRAPPER_SCOPE;
  struct dnptrs d;
  dnptrs_in(&d, dnptrs, lastdnptr, "ns_name_pack");
  unsigned char *t = T(dst);
  int r = ns_name_pack(T(src), t, dstsiz, d.v, d.last);
  dnptrs_out(&d, dst, t);
  return r;
}
