/* SPDX-License-Identifier: MIT */
/* sleep-restart.c: sleeps that a barrier's signal does not cut short.
 *
 * A barrier interrupts threads outside instrumented code with
 * ALASKA_SIGNAL, installed with SA_RESTART.  The kernel never restarts
 * nanosleep and clock_nanosleep (signal(7)), so a thread sleeping there
 * would wake early with EINTR -- `DEBUG SLEEP 1' in Redis would last a
 * millisecond under ALASKA_STRESS=1.  These versions of the sleeping
 * functions (interposed on libc's, which usleep and sleep do not call
 * through the PLT) go back to sleep until the original deadline when the
 * only signal that arrived was the barrier's; any other signal ends the
 * sleep as it would have without libalaska.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

typedef int clock_nanosleep_fn(clockid_t, int, const struct timespec *, struct timespec *);

/* a + b, and a - b floored at zero. */
static struct timespec ts_add(struct timespec a, struct timespec b)
{
  a.tv_sec += b.tv_sec;
  a.tv_nsec += b.tv_nsec;
  if (a.tv_nsec >= 1000000000) {
    a.tv_nsec -= 1000000000;
    a.tv_sec++;
  }
  return a;
}
static struct timespec ts_left(struct timespec a, struct timespec b)
{
  struct timespec d = { a.tv_sec - b.tv_sec, a.tv_nsec - b.tv_nsec };
  if (d.tv_nsec < 0) {
    d.tv_nsec += 1000000000;
    d.tv_sec--;
  }
  if (d.tv_sec < 0)
    d.tv_sec = d.tv_nsec = 0;
  return d;
}

/* clock_nanosleep, gone back to while only the barrier's signal
 * interrupted it.  A relative sleep goes back to sleep until its deadline,
 * not for the time left: a thread stopped in a barrier is not sleeping,
 * and barriers every millisecond would otherwise stretch a 300 ms sleep by
 * their pauses.  Relative CLOCK_REALTIME sleeps ignore clock changes, so
 * their deadline is on CLOCK_MONOTONIC; a clock that cannot be read gives
 * no deadline, and the sleep ends at the barrier as libc's would. */
static int restarting_sleep(clockid_t clock, int flags, const struct timespec *req,
                            struct timespec *rem)
{
  static clock_nanosleep_fn *real;
  if (!real)
    real = (clock_nanosleep_fn *) dlsym(RTLD_NEXT, "clock_nanosleep");
  /* A relative sleep's deadline, read before it starts. */
  int relative = !(flags & TIMER_ABSTIME);
  clockid_t on = relative && clock == CLOCK_REALTIME ? CLOCK_MONOTONIC : clock;
  struct timespec start = { 0, 0 }, now;
  int have_start = relative && clock_gettime(on, &start) == 0;
  unsigned seen = alaska_barrier_signals();
  int err = real(clock, flags, req, rem);       /* a null req: libc's EFAULT */
  if (err != EINTR || alaska_barrier_signals() == seen || (relative && !have_start))
    return err;
  struct timespec until = relative ? ts_add(start, *req) : *req;
  do {
    seen = alaska_barrier_signals();
    err = real(on, TIMER_ABSTIME, &until, NULL);
    /* Woken by another signal (if one came in the same window as the
     * barrier's, it is taken for the barrier's): as libc would. */
  } while (err == EINTR && alaska_barrier_signals() != seen);
  if (err == EINTR && rem && relative && clock_gettime(on, &now) == 0)
    *rem = ts_left(until, now);
  return err;
}

ALASKA_API int clock_nanosleep(clockid_t clock, int flags, const struct timespec *req,
                               struct timespec *rem)
{
  return restarting_sleep(clock, flags, req, rem);
}

ALASKA_API int nanosleep(const struct timespec *req, struct timespec *rem)
{
  int err = restarting_sleep(CLOCK_REALTIME, 0, req, rem);
  if (err) {
    errno = err;
    return -1;
  }
  return 0;
}

ALASKA_API int usleep(useconds_t usec)
{
  struct timespec ts = { usec / 1000000, (long) (usec % 1000000) * 1000 };
  return nanosleep(&ts, NULL);
}

ALASKA_API unsigned int sleep(unsigned int seconds)
{
  struct timespec ts = { seconds, 0 }, rem;
  if (restarting_sleep(CLOCK_REALTIME, 0, &ts, &rem) != EINTR)
    return 0;
  return (unsigned int) rem.tv_sec + (rem.tv_nsec > 0);
}
