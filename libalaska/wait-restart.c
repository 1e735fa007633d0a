/* SPDX-License-Identifier: MIT */
/* wait-restart.c: waits for file descriptors that a barrier's signal does
 * not cut short.
 *
 * poll, ppoll, select, pselect, epoll_wait and epoll_pwait fail with EINTR
 * when a signal handler runs, SA_RESTART or not (signal(7)), so a barrier
 * stopping a thread that waits there would make the wait fail: memcached's
 * LRU crawler gives up a `metadump' when its poll fails.  These versions
 * (interposed on libc's, as sleep-restart.c's sleeps are) wait again when
 * the only signal that arrived was the barrier's, until the deadline the
 * caller's timeout set (on CLOCK_MONOTONIC), so that a wait still ends on
 * time; any other signal ends the wait with EINTR as it would have without
 * libalaska (one that came in the same window as the barrier's is taken
 * for the barrier's).  select leaves the time left in its timeval, as
 * Linux's does.  The fortified __poll_chk and __ppoll_chk check their
 * buffer's size as libc's do and wait here too.
 */
#define _GNU_SOURCE
/* This file defines __poll_chk and __ppoll_chk: the fortified inline poll
 * of <poll.h> would call them from themselves (builds with
 * -D_FORTIFY_SOURCE, as Debian's, fail: "inlining failed"). */
#undef _FORTIFY_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <time.h>
#include "internal.h"


static int64_t ts_ns(const struct timespec *t)
{
  return (int64_t) t->tv_sec * 1000000000 + t->tv_nsec;
}

/* Nanoseconds left until `until', floored at zero. */
static int64_t left_ns(int64_t until)
{
  int64_t d = until - (int64_t) alaska_now_ns();
  return d > 0 ? d : 0;
}

static struct timespec ns_ts(int64_t ns)
{
  return (struct timespec) { ns / 1000000000, ns % 1000000000 };
}

/* A timeout in milliseconds (negative: none) as a deadline, and back,
 * rounded up so that a wait never ends before its deadline. */
static int64_t ms_deadline(int ms)
{
  return ms > 0 ? (int64_t) alaska_now_ns() + (int64_t) ms * 1000000 : 0;
}
static int ms_left(int ms, int64_t until)
{
  return ms > 0 ? (int) ((left_ns(until) + 999999) / 1000000) : ms;
}

/* Was the call that saw `seen' barrier signals, and failed with r, cut
 * short by a barrier only? */
static int by_barrier(int r, unsigned seen)
{
  return r < 0 && errno == EINTR && alaska_barrier_signals() != seen;
}

#define REAL(name) \
  static __typeof__(name) *real; \
  if (!real) \
    real = (__typeof__(name) *) dlsym(RTLD_NEXT, #name)

ALASKA_API int poll(struct pollfd *fds, nfds_t n, int ms)
{
  REAL(poll);
  int64_t until = ms_deadline(ms);
  for (;;) {
    unsigned seen = alaska_barrier_signals();
    int r = real(fds, n, ms);
    if (!by_barrier(r, seen))
      return r;
    ms = ms_left(ms, until);
  }
}

ALASKA_API int ppoll(struct pollfd *fds, nfds_t n, const struct timespec *tmo,
                     const sigset_t *mask)
{
  REAL(ppoll);
  struct timespec t;
  int64_t until = tmo ? (int64_t) alaska_now_ns() + ts_ns(tmo) : 0;
  for (;;) {
    unsigned seen = alaska_barrier_signals();
    int r = real(fds, n, tmo, mask);
    if (!by_barrier(r, seen))
      return r;
    if (tmo) {
      t = ns_ts(left_ns(until));
      tmo = &t;
    }
  }
}

ALASKA_API int select(int n, fd_set *rd, fd_set *wr, fd_set *ex, struct timeval *tv)
{
  REAL(select);
  /* Linux leaves the sets as they were when the wait fails. */
  int64_t until = tv ? (int64_t) alaska_now_ns() + (int64_t) tv->tv_sec * 1000000000 + tv->tv_usec * 1000 : 0;
  for (;;) {
    unsigned seen = alaska_barrier_signals();
    int r = real(n, rd, wr, ex, tv);
    if (!by_barrier(r, seen))
      return r;
    if (tv) {
      int64_t left = left_ns(until);
      tv->tv_sec = left / 1000000000;
      tv->tv_usec = (left % 1000000000 + 999) / 1000;
      if (tv->tv_usec == 1000000) {
        tv->tv_sec++;
        tv->tv_usec = 0;
      }
    }
  }
}

ALASKA_API int pselect(int n, fd_set *rd, fd_set *wr, fd_set *ex, const struct timespec *tmo,
                       const sigset_t *mask)
{
  REAL(pselect);
  struct timespec t;
  int64_t until = tmo ? (int64_t) alaska_now_ns() + ts_ns(tmo) : 0;
  for (;;) {
    unsigned seen = alaska_barrier_signals();
    int r = real(n, rd, wr, ex, tmo, mask);
    if (!by_barrier(r, seen))
      return r;
    if (tmo) {
      t = ns_ts(left_ns(until));
      tmo = &t;
    }
  }
}

ALASKA_API int epoll_wait(int ep, struct epoll_event *events, int max, int ms)
{
  REAL(epoll_wait);
  int64_t until = ms_deadline(ms);
  for (;;) {
    unsigned seen = alaska_barrier_signals();
    int r = real(ep, events, max, ms);
    if (!by_barrier(r, seen))
      return r;
    ms = ms_left(ms, until);
  }
}

ALASKA_API int epoll_pwait(int ep, struct epoll_event *events, int max, int ms,
                           const sigset_t *mask)
{
  REAL(epoll_pwait);
  int64_t until = ms_deadline(ms);
  for (;;) {
    unsigned seen = alaska_barrier_signals();
    int r = real(ep, events, max, ms, mask);
    if (!by_barrier(r, seen))
      return r;
    ms = ms_left(ms, until);
  }
}

/* _FORTIFY_SOURCE's versions: the same check as libc's. */
extern void __chk_fail(void) __attribute__((noreturn));

ALASKA_API int __poll_chk(struct pollfd *fds, nfds_t n, int ms, size_t fdslen)
{
  if (fdslen / sizeof *fds < n)
    __chk_fail();
  return poll(fds, n, ms);
}

ALASKA_API int __ppoll_chk(struct pollfd *fds, nfds_t n, const struct timespec *tmo,
                           const sigset_t *mask, size_t fdslen)
{
  if (fdslen / sizeof *fds < n)
    __chk_fail();
  return ppoll(fds, n, tmo, mask);
}
