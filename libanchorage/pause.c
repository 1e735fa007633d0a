/* SPDX-License-Identifier: MIT */
/* pause.c: the pause bound of a pass (ANCHORAGE_MAX_PAUSE).  A pause runs
 * from the moment the barrier's attempt starts stopping threads
 * (alaska_barrier_started_ns(): attempts that gave up before it do not
 * count) until the threads resume.  A pass asks pause_over() before each
 * unit of moving work (a source page of a size class, a medium object, a
 * large object), saying how much work the unit is: the first unit always
 * goes ahead, and after it the pass stops once the clock, plus twice what
 * the unit is expected to take, would reach the bound less the tail and a
 * margin of 1/32 of the bound.  pause_over_ns() asks the same of other
 * work, whose expected time the caller knows (compact.c's next round).
 * - The tail: what recent passes took, after they stopped moving, to give
 *   pages back and let the threads go (a fifth of the bound until a pass
 *   has shown it, at most half).
 * - A unit's expected time: its work (objects, plus bytes in 256-byte
 *   lots) at the rate the units before it ran, in this pass and earlier
 *   ones.
 * Both follow a larger figure quickly and a smaller one slowly, so that
 * most passes end within the bound.  With a bound of 0 a pass therefore
 * does exactly one unit, whatever the machine's speed. */
#define _GNU_SOURCE
#include <time.h>
#include "internal.h"

static uint64_t begun, deadline, stopped_at;    /* CLOCK_MONOTONIC ns */
static uint64_t tail;                           /* ns */
static int started, over, tail_known;
static uint64_t unit_began, unit_work;          /* the unit under way */
static uint64_t rate;                           /* ns per 1024 lots of work */

uint64_t anchorage_now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

void pause_begin(uint64_t t0)
{
  uint64_t bound = (uint64_t) anchorage_option(OPT_MAX_PAUSE) * 1000000u;
  begun = t0;
  if (!tail_known)              /* until a pass has shown it: a fifth */
    tail = bound / 5;
  deadline = t0 + bound - bound / 32 - (tail < bound / 2 ? tail : bound / 2);
  started = 0;
  over = 0;
  unit_work = 0;
}

void pause_end(uint64_t pause_ns)
{
  if (!over || begun + pause_ns < stopped_at)
    return;
  uint64_t t = begun + pause_ns - stopped_at;
  tail = !tail_known || t > tail ? t : tail - (tail - t) / 16;
  tail_known = 1;
}

static uint64_t work_of(size_t objects, size_t bytes)
{
  return (uint64_t) objects + bytes / 256 + 1;
}

/* The unit under way, if any, is over at now: its rate. */
static void unit_done(uint64_t now)
{
  if (unit_work) {
    rate = pause_follow(rate, (now - unit_began) * 1024 / unit_work);
    unit_work = 0;
  }
}

static int stop(uint64_t now)
{
  stopped_at = now;
  unit_work = 0;
  return over = 1;
}

int pause_over(size_t objects, size_t bytes)
{
  if (over)
    return 1;
  uint64_t now = anchorage_now_ns(), work = work_of(objects, bytes);
  unit_done(now);
  unit_began = now;
  unit_work = work;
  if (!started) {
    started = 1;
    return 0;
  }
  if (now + 2 * work * rate / 1024 < deadline)   /* twice: units vary */
    return 0;
  return stop(now);
}

int pause_over_ns(uint64_t ns)
{
  if (over)
    return 1;
  uint64_t now = anchorage_now_ns();
  unit_done(now);
  return now + 2 * ns < deadline ? 0 : stop(now);
}

int pause_stopped(void)
{
  return over;
}
