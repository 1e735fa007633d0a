/* SPDX-License-Identifier: MIT */
/* control.c: the control loop (a background thread) and the passes it
 * asks for.  It keeps fragmentation -- the heap's extent, less the free
 * bytes of the threads' current pages, over the live bytes, from counters
 * the shards and threads keep -- within [F_lb, F_ub] and the
 * fraction of time spent in passes within [O_lb, O_ub]:
 *   waiting:        wake every 500 ms; defragment when fragmentation > F_ub
 *                   (and the heap is at least ANCHORAGE_MIN_EXTENT bytes).
 *   defragmenting:  run a pass moving at most alpha x extent bytes; it took
 *                   T_defrag, so sleep T_defrag / O, where O goes from O_ub
 *                   (fragmentation at or above F_ub) down to O_lb (at F_lb):
 *                   far from the goal, spend up to O_ub of the time; close to
 *                   it, no less than O_lb.  Back to waiting below F_lb or
 *                   when a pass makes no progress (after T_defrag / O_ub).
 * ANCHORAGE_FORCE_INTERVAL replaces all this with a pass every N ms (for
 * experiments).  ANCHORAGE_TRACE writes one CSV line per step.
 * A busy machine may leave a thread unscheduled longer than a barrier
 * waits for it: the loop then tries the pass again, after 10 ms, 20 ms,
 * ... at most 1 s, until it completes.  An explicit anchorage_defragment()
 * waits as alaska_barrier() does (up to ALASKA_BARRIER_TIMEOUT, 60 s).
 * The thread is joined at exit. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "internal.h"

volatile int anchorage_defragmenting;
static pthread_mutex_t pass_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t wait_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wake;
static volatile int stopping;
static pthread_t control_thread;
static int control_running;
static FILE *trace;
static uint64_t t_start;

/* What the next barrier's pass should do (set by anchorage_run_pass). */
static size_t pending_budget;
static int pending_forced;
static struct pass_result last;


double anchorage_fragmentation(size_t *extent, size_t *live)
{
  size_t e = 0, l = 0;
  for (int i = 0; i < NSHARDS; i++) {
    e += __atomic_load_n(&anchorage_shards[i].extent, __ATOMIC_RELAXED);
    l += __atomic_load_n(&anchorage_shards[i].live, __ATOMIC_RELAXED);
  }
  size_t pe, pl, slack, mhot;
  anchorage_pages_totals(&pe, &pl, &slack, &mhot);
  e += pe;
  l += pl;
  /* Medium hot blocks: free memory, however their sub-heaps count them. */
  l = l > mhot ? l - mhot : 0;
  slack += mhot;
  if (slack > e)
    slack = e;
  if (extent)
    *extent = e;
  if (live)
    *live = l;
  return l ? (double) (e - slack) / (double) l : 1.0;
}

static size_t pass_budget(void)
{
  size_t extent;
  anchorage_fragmentation(&extent, NULL);
  size_t b = (size_t) (anchorage_option(OPT_ALPHA) * (double) extent);
  size_t limit = (size_t) anchorage_option(OPT_PASS_LIMIT);
  if (limit && b > limit)
    b = limit;
  return b < 4096 ? 4096 : b;
}

/* libalaska calls this under every barrier: the pass asked for, or an
 * ordinary one (ALASKA_STRESS, a program's alaska_barrier()). */
void anchorage_barrier_hook(void)
{
  size_t budget = pending_budget ? pending_budget : pass_budget();
  /* The pause runs from when this attempt began stopping the threads:
   * attempts that gave up before it do not count against the bound. */
  uint64_t t0 = alaska_barrier_started_ns();
  pause_begin(t0 ? t0 : anchorage_now_ns());
  anchorage_pass_prepared(budget, pending_forced, &last);
}

int anchorage_run_pass(size_t budget, int forced, long wait_ms, struct pass_result *r,
                       uint64_t *ns)
{
  pthread_mutex_lock(&pass_lock);
  if (stopping) {
    pthread_mutex_unlock(&pass_lock);
    return -1;
  }
  pending_budget = budget;
  pending_forced = forced;
  memset(&last, 0, sizeof last);
  anchorage_prepare(budget, forced);
  uint64_t t0 = anchorage_now_ns();
  int rc = wait_ms ? alaska_barrier_try(wait_ms) : alaska_barrier();
  /* The pass's pause: from the start of the attempt that succeeded (not
   * of attempts that gave up before it) until the world resumed. */
  *ns = rc == 0 ? alaska_barrier_pause_ns() : anchorage_now_ns() - t0;
  anchorage_prepared_keep();
  *r = last;
  pending_budget = 0;
  pending_forced = 0;
  if (rc == 0)
    pause_end(*ns);
  pthread_mutex_unlock(&pass_lock);
  if (rc == 0)
    anchorage_stats_pass(NULL, *ns);
  return rc;
}

ANCHORAGE_API long anchorage_defragment(void)
{
  if (!anchorage_active())
    return -1;
  /* Passes, each within the pause bound, until one finishes or makes no
   * progress. */
  struct pass_result r;
  uint64_t ns;
  long moved = 0;
  do {
    if (anchorage_run_pass(SIZE_MAX, 0, 0, &r, &ns))
      return moved ? moved : -1;
    moved += (long) r.moved;
  } while ((r.stopped_early || r.more) && (r.objects || r.released));
  return moved;
}

/* Sleep ms milliseconds; 1 if the loop must stop. */
static int wait_ms(double ms)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  uint64_t ns = (uint64_t) ts.tv_nsec + (uint64_t) (ms * 1e6);
  ts.tv_sec += (time_t) (ns / 1000000000u);
  ts.tv_nsec = (long) (ns % 1000000000u);
  pthread_mutex_lock(&wait_lock);
  while (!stopping && pthread_cond_timedwait(&wake, &wait_lock, &ts) != ETIMEDOUT)
    ;
  int s = stopping;
  pthread_mutex_unlock(&wait_lock);
  return s;
}

static void trace_step(int state, const struct pass_result *r, uint64_t ns, double sleep)
{
  if (!trace)
    return;
  size_t e, l;
  double f = anchorage_fragmentation(&e, &l);
  fprintf(trace, "%.1f,%d,%zu,%zu,%.4f,%llu,%zu,%zu,%.1f\n",
          (double) (anchorage_now_ns() - t_start) / 1e6, state, e, l, f, (unsigned long long) ns,
          r ? r->moved : 0, r ? r->released : 0, sleep);
  fflush(trace);
}

/* A pass of the loop, tried again while its barrier cannot stop every
 * thread within 1 s.  0, -1 (the pass failed), or 1 (the loop must stop). */
static int control_pass(int forced, struct pass_result *r, uint64_t *ns)
{
  for (double backoff = 10;; backoff = backoff < 500 ? 2 * backoff : 1000) {
    int rc = anchorage_run_pass(pass_budget(), forced, 1000, r, ns);
    if (rc <= 0)
      return rc;
    if (wait_ms(backoff))
      return 1;
  }
}

static void *control(void *arg)
{
  (void) arg;
  double f_lb = anchorage_option(OPT_FRAG_LB), f_ub = anchorage_option(OPT_FRAG_UB);
  double o_lb = anchorage_option(OPT_OVERHEAD_LB), o_ub = anchorage_option(OPT_OVERHEAD_UB);
  double force = anchorage_option(OPT_FORCE_INTERVAL);
  size_t min_extent = (size_t) anchorage_option(OPT_MIN_EXTENT);
  struct pass_result r;
  uint64_t ns;
  for (;;) {
    if (force > 0) {
      if (wait_ms(force))
        break;
      int rc = control_pass(1, &r, &ns);
      if (rc > 0)
        break;
      if (rc == 0)
        trace_step(1, &r, ns, force);
      continue;
    }
    if (!anchorage_defragmenting) {
      if (wait_ms(500))
        break;
      size_t e;
      double f = anchorage_fragmentation(&e, NULL);
      if (e >= min_extent && f > f_ub)
        anchorage_defragmenting = 1;
      trace_step(0, NULL, 0, 500);
      continue;
    }
    int rc = control_pass(0, &r, &ns);
    if (rc > 0)
      break;
    double f = anchorage_fragmentation(NULL, NULL);
    double k = f_ub > f_lb ? (f - f_lb) / (f_ub - f_lb) : 1;
    k = k < 0 ? 0 : k > 1 ? 1 : k;
    double o = o_lb + (o_ub - o_lb) * k;
    double sleep = (double) ns / 1e6 / o;
    if (rc || f < f_lb || (r.moved == 0 && r.released == 0)) {
      anchorage_defragmenting = 0;      /* waiting; no pass within T / O_ub */
      sleep = (double) ns / 1e6 / o_ub;
    }
    trace_step(1, &r, ns, sleep);
    if (wait_ms(sleep))
      break;
  }
  return NULL;
}

int anchorage_control_start(void)
{
  if (t_start)                  /* again, in a child after fork */
    trace = NULL;
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_cond_init(&wake, &ca);
  pthread_mutex_init(&pass_lock, NULL);
  pthread_mutex_init(&wait_lock, NULL);
  stopping = 0;
  control_running = 0;          /* after fork: the parent's thread is not ours */
  anchorage_defragmenting = 0;
  if (!t_start)
    t_start = anchorage_now_ns();
  const char *path = anchorage_option_string(OPT_TRACE);
  if (path && !trace) {
    trace = fopen(path, "w");
    if (!trace)
      anchorage_warn("cannot open ANCHORAGE_TRACE file '%s': %s; not tracing",
                     path, strerror(errno));
    else
      fprintf(trace, "time_ms,state,extent_bytes,live_bytes,fragmentation,"
                     "pass_ns,moved_bytes,released_bytes,sleep_ms\n");
  }
  if (!anchorage_option(OPT_CONTROL))
    return 0;
  if (alaska_service_thread_create(&control_thread, control, NULL)) {
    anchorage_warn("cannot start the control thread; the heap will not be defragmented");
    return 0;
  }
  control_running = 1;
  return 0;
}

void anchorage_control_stop(void)
{
  pthread_mutex_lock(&wait_lock);
  stopping = 1;
  pthread_cond_broadcast(&wake);
  pthread_mutex_unlock(&wait_lock);
  pthread_mutex_lock(&pass_lock);       /* no pass runs after this */
  stopping = 1;
  pthread_mutex_unlock(&pass_lock);
  if (control_running) {
    pthread_join(control_thread, NULL);
    control_running = 0;
  }
}
