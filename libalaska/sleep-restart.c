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

/* clock_nanosleep, gone back to for the time left (relative) or until the
 * same time (absolute) while only the barrier's signal interrupted it. */
static int restarting_sleep(clockid_t clock, int flags, const struct timespec *req,
                            struct timespec *rem)
{
  static clock_nanosleep_fn *real;
  if (!real)
    real = (clock_nanosleep_fn *) dlsym(RTLD_NEXT, "clock_nanosleep");
  if (!req)
    return real(clock, flags, req, rem);        /* libc's EFAULT */
  struct timespec left = *req, r;
  for (;;) {
    unsigned seen = barrier_signals();
    int err = real(clock, flags, &left, &r);
    if (err != EINTR)
      return err;
    if (!(flags & TIMER_ABSTIME)) {
      left = r;
      if (rem)
        *rem = r;
    }
    /* Woken by another signal (if one came in the same window as the
     * barrier's, it is taken for the barrier's): as libc would. */
    if (barrier_signals() == seen)
      return err;
  }
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
