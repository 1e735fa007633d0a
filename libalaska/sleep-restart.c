/* sleep-restart.c: sleeps that a barrier's signal does not cut short.
 *
 * A barrier interrupts threads outside instrumented code with
 * ALASKA_SIGNAL, installed with SA_RESTART.  The kernel never restarts
 * nanosleep and clock_nanosleep (signal(7)), so a thread sleeping there
 * would wake early with EINTR -- `DEBUG SLEEP 1' in Redis would last a
 * millisecond under ALASKA_STRESS=1.  These versions of the sleeping
 * functions (interposed on libc's, which usleep and sleep do not call
 * through the PLT) go back to sleep for the time left when the only
 * signal that arrived was the barrier's; any other signal ends the sleep
 * as it would have without libalaska.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>
#include "internal.h"

static unsigned barrier_signals(void)
{
  struct alaska_thread *me = alaska_self;
  return me ? __atomic_load_n(&me->signals, __ATOMIC_RELAXED) : 0;
}

typedef int clock_nanosleep_fn(clockid_t, int, const struct timespec *, struct timespec *);

static clock_nanosleep_fn *real_clock_nanosleep(void)
{
  static clock_nanosleep_fn *real;
  if (!real)
    real = (clock_nanosleep_fn *) dlsym(RTLD_NEXT, "clock_nanosleep");
  return real;
}

/* clock_nanosleep with the time left in *left (relative) or until *left
 * (absolute); returns 0 or an error number, as clock_nanosleep does. */
static int sleep_on(clockid_t clock, int flags, struct timespec *left)
{
  clock_nanosleep_fn *real = real_clock_nanosleep();
  for (;;) {
    unsigned seen = barrier_signals();
    struct timespec rem;
    int err = real(clock, flags, left, &rem);
    if (err == EINTR && !(flags & TIMER_ABSTIME))
      *left = rem;
    /* Done, or woken by another signal (if one came in the same window
     * as the barrier's, it is taken for the barrier's). */
    if (err != EINTR || barrier_signals() == seen)
      return err;
  }
}

ALASKA_API int clock_nanosleep(clockid_t clock, int flags, const struct timespec *req,
                               struct timespec *rem)
{
  if (!req)                     /* libc's EFAULT */
    return real_clock_nanosleep()(clock, flags, req, rem);
  struct timespec left = *req;
  int err = sleep_on(clock, flags, &left);
  if (err == EINTR && rem && !(flags & TIMER_ABSTIME))
    *rem = left;
  return err;
}

ALASKA_API int nanosleep(const struct timespec *req, struct timespec *rem)
{
  if (!req) {
    errno = EFAULT;
    return -1;
  }
  if (req->tv_nsec < 0 || req->tv_nsec >= 1000000000 || req->tv_sec < 0) {
    errno = EINVAL;
    return -1;
  }
  struct timespec left = *req;
  int err = sleep_on(CLOCK_REALTIME, 0, &left);
  if (!err)
    return 0;
  if (err == EINTR && rem)
    *rem = left;
  errno = err;
  return -1;
}

ALASKA_API int usleep(useconds_t usec)
{
  struct timespec left = { usec / 1000000, (long) (usec % 1000000) * 1000 };
  int err = sleep_on(CLOCK_REALTIME, 0, &left);
  if (!err)
    return 0;
  errno = err;
  return -1;
}

ALASKA_API unsigned int sleep(unsigned int seconds)
{
  struct timespec left = { seconds, 0 };
  if (sleep_on(CLOCK_REALTIME, 0, &left) != EINTR)
    return 0;
  return (unsigned int) left.tv_sec + (left.tv_nsec > 0);
}
