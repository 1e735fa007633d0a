/* SPDX-License-Identifier: MIT */
/* pause.c: the pause bound of a pass (ANCHORAGE_MAX_PAUSE).  A pause runs
 * from the moment the barrier's attempt starts stopping threads
 * (alaska_barrier_started_ns(): attempts that gave up before it do not
 * count) until the threads resume.  A pass asks pause_over() before each unit of moving
 * work (a source page of a size class, a medium object, a large object):
 * the first unit always goes ahead, and after it the pass stops once the
 * clock has reached the bound, less the tail: what recent passes took,
 * after they stopped moving, to give pages back and let the threads go
 * (a fifth of the bound until a pass has shown it, at most half; it
 * follows a longer tail at once and a shorter one by a sixteenth of the
 * difference a pass, so that most passes end within the bound).  With a bound of 0 a pass therefore does exactly
 * one unit, whatever the machine's speed. */
#define _GNU_SOURCE
#include <time.h>
#include "internal.h"

static uint64_t begun, deadline, stopped_at;    /* CLOCK_MONOTONIC ns */
static uint64_t tail;                           /* ns */
static int started, over, tail_known;

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
  deadline = t0 + bound - (tail < bound / 2 ? tail : bound / 2);
  started = 0;
  over = 0;
}

void pause_end(uint64_t pause_ns)
{
  if (!over || begun + pause_ns < stopped_at)
    return;
  uint64_t t = begun + pause_ns - stopped_at;
  tail = !tail_known || t > tail ? t : tail - (tail - t) / 16;
  tail_known = 1;
}

int pause_over(void)
{
  if (over)
    return 1;
  if (!started) {
    started = 1;
    return 0;
  }
  uint64_t now = anchorage_now_ns();
  if (now < deadline)
    return 0;
  stopped_at = now;
  return over = 1;
}

int pause_stopped(void)
{
  return over;
}
