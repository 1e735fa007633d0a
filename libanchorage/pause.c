/* SPDX-License-Identifier: MIT */
/* pause.c: the pause bound of a pass (ANCHORAGE_MAX_PAUSE).  A pause runs
 * from the moment the barrier's attempt starts stopping threads
 * (alaska_barrier_started_ns(): attempts that gave up before it do not
 * count) until the threads resume.  A pass asks pause_over() before each unit of moving
 * work (a source page of a size class, a medium object, a large object):
 * the first unit always goes ahead, and after it the pass stops once the
 * clock has reached the bound.  With a bound of 0 a pass therefore does
 * exactly one unit, whatever the machine's speed. */
#define _GNU_SOURCE
#include <time.h>
#include "internal.h"

static uint64_t deadline;       /* CLOCK_MONOTONIC ns */
static int started, over;

uint64_t anchorage_now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

void pause_begin(uint64_t t0)
{
  deadline = t0 + (uint64_t) anchorage_option(OPT_MAX_PAUSE) * 1000000u;
  started = 0;
  over = 0;
}

int pause_over(void)
{
  if (over)
    return 1;
  if (!started) {
    started = 1;
    return 0;
  }
  return over = anchorage_now_ns() >= deadline;
}

int pause_stopped(void)
{
  return over;
}
