/* SPDX-License-Identifier: MIT */
/* wrappers-requests.c: handle-aware versions of the C library functions
 * that take lists of asynchronous requests (ALASKA_WRAPPERS in
 * alaska-abi.h): getaddrinfo_a and gai_suspend, lio_listio and
 * aio_suspend.  The list is an array of pointers to requests, of a length
 * the call gives, which the plugin cannot marshal.
 *
 * A request submitted (getaddrinfo_a, lio_listio) is used by the library
 * after the call returns: each request, and the objects its pointers name
 * (the name, service and hints of a struct gaicb; the buffer of a struct
 * aiocb; a notification's thread attributes), are kept in place for good
 * (alaska_keep), and those pointers are stored back translated: a kept
 * object's address works as its handle does, and hfree takes it.  The
 * requests' sigev_value is a cookie the notification hands back to the
 * program: it stays as it is.  A list given to wait for requests
 * (gai_suspend, aio_suspend) is read during the call only: a raw copy of
 * it, whose requests, kept when submitted, translate to the addresses the
 * library knows them by. */
#define _GNU_SOURCE
#include <aio.h>
#include <errno.h>
#include <netdb.h>
#include <signal.h>
#include <stdlib.h>
#include "internal.h"

#define T(p) ((__typeof__(p)) alaska_wrapper_pin(p))

/* Keep p's object for good; its translated address. */
static void *kept(const void *p)
{
  if (!alaska_live_handle((uintptr_t) p))
    return (void *) p;
  alaska_keep(p);
  return alaska_translate(p);
}

/* A copy of *sevp, in *copy, whose thread attributes are kept; NULL for
 * none. */
static struct sigevent *kept_sigevent(const struct sigevent *sevp, struct sigevent *copy)
{
  if (!sevp)
    return NULL;
  *copy = *(const struct sigevent *) kept(sevp);
  copy->sigev_notify_attributes = kept(copy->sigev_notify_attributes);
  return copy;
}

/* The raw copy of a list of n requests, each kept (and its pointers, by
 * keep_fields) when `submit'; NULL (errno set) if n is out of range. */
static void **raw_list(void *const *list, int n, int submit, void (*keep_fields)(void *))
{
  if (n < 0 || (size_t) n > SIZE_MAX / sizeof(void *)) {
    errno = EINVAL;
    return NULL;
  }
  void **raw = malloc((n ? n : 1) * sizeof *raw);
  if (!raw)
    return NULL;
  void *const *l = T(list);
  for (int i = 0; i < n; i++) {
    raw[i] = submit ? kept(l[i]) : T(l[i]);
    if (submit && raw[i])
      keep_fields(raw[i]);
  }
  return raw;
}

static void keep_gaicb(void *p)
{
  struct gaicb *g = p;
  g->ar_name = kept(g->ar_name);
  g->ar_service = kept(g->ar_service);
  g->ar_request = kept(g->ar_request);     /* only its flags are read: no pointers */
}

static void keep_aiocb(void *p)
{
  struct aiocb *cb = p;
  cb->aio_buf = kept((void *) cb->aio_buf);
  cb->aio_sigevent.sigev_notify_attributes = kept(cb->aio_sigevent.sigev_notify_attributes);
}

ALASKA_API int alaska_getaddrinfo_a(int mode, struct gaicb *list[], int nitems,
                                    struct sigevent *sevp)
{
  WRAPPER_SCOPE;
  struct sigevent copy;
  void **raw = raw_list((void *const *) list, nitems, 1, keep_gaicb);
  if (!raw)
    return errno == EINVAL ? EAI_SYSTEM : EAI_MEMORY;
  int r = getaddrinfo_a(mode, (struct gaicb **) raw, nitems, kept_sigevent(sevp, &copy));
  free(raw);
  return r;
}

ALASKA_API int alaska_gai_suspend(const struct gaicb *const list[], int nitems,
                                  const struct timespec *timeout)
{
  WRAPPER_SCOPE;
  void **raw = raw_list((void *const *) list, nitems, 0, NULL);
  if (!raw)
    return EAI_SYSTEM;
  int r = gai_suspend((const struct gaicb *const *) raw, nitems, T(timeout));
  free(raw);
  return r;
}

ALASKA_API int alaska_lio_listio(int mode, struct aiocb *const list[], int nitems,
                                 struct sigevent *sevp)
{
  WRAPPER_SCOPE;
  struct sigevent copy;
  void **raw = raw_list((void *const *) list, nitems, 1, keep_aiocb);
  if (!raw)
    return -1;
  int r = lio_listio(mode, (struct aiocb *const *) raw, nitems, kept_sigevent(sevp, &copy));
  free(raw);
  return r;
}

ALASKA_API int alaska_aio_suspend(const struct aiocb *const list[], int nitems,
                                  const struct timespec *timeout)
{
  WRAPPER_SCOPE;
  void **raw = raw_list((void *const *) list, nitems, 0, NULL);
  if (!raw)
    return -1;
  int r = aio_suspend((const struct aiocb *const *) raw, nitems, T(timeout));
  free(raw);
  return r;
}
