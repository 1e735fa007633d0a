/* SPDX-License-Identifier: MIT */
/* barrier.c: stopping the world so that the service can move objects.
 *
 * alaska_barrier():
 *   1. patch every safepoint into `ud2' and send ALASKA_SIGNAL to every
 *      other registered thread;
 *   2. a thread in instrumented code runs on to a safepoint, traps
 *      (SIGILL) and joins; a thread anywhere else (libc, a blocked
 *      syscall) joins from the signal handler -- there are no pin sets
 *      below its innermost instrumented frame; a thread inside libalaska
 *      (allocating, freeing) defers until it leaves;
 *   3. with everyone stopped, walk each stack with libunwind from the
 *      thread's signal context, read the pin set of every instrumented
 *      frame (CFA + offset, safepoint-table.c), and ask the service to
 *      move what is not pinned;
 *   4. restore the NOPs and release the threads.
 * A busy machine may not schedule a thread for a while: an attempt that
 * has not stopped everyone within its window (100 ms, doubling up to 1 s)
 * lets everyone go, moves nothing, and the barrier tries again after a
 * pause (1 ms, doubling up to 100 ms).  alaska_barrier() gives up only
 * after ALASKA_BARRIER_TIMEOUT ms (60 s), and says so; the stress thread
 * and services (alaska_barrier_try) retry on their own terms.  A stopped
 * thread waits on a futex, so the handlers are async-signal-safe; the
 * initiator does not call malloc while the world is stopped.  The program's
 * own SIGILL handler still gets every SIGILL that is not at a safepoint,
 * and the handlers are installed with SA_RESTART.
 */
#define _GNU_SOURCE
#define UNW_LOCAL_ONLY
#include <dlfcn.h>
#include <errno.h>
#include <libunwind.h>
#include <linux/futex.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>
#include <valgrind/memcheck.h>
#include <valgrind/valgrind.h>
#include "internal.h"

static pthread_mutex_t barrier_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int active;             /* a barrier is stopping the world */
static volatile unsigned epoch;         /* number of the current/last barrier */
static volatile unsigned released;      /* barriers whose threads may go */
static volatile int arrivals;           /* futex word: bumped by each joiner */
static struct sigaction program_sigill;

/* The stress thread: joined at exit (alaska_barrier_fini), so that no
 * thread of the runtime outlives the program (valgrind counts a detached
 * thread's memory as possibly lost).  A fork's child has none. */
static pthread_t stress_thread;
static int stress_running;
static volatile int stress_stop;
static int table_ready;

/* Pinned handle IDs of the current barrier: an open-addressing set in
 * memory mapped once per barrier. */
static uint32_t *pinned;
static size_t pinned_cap, pinned_count;
static int pins_unknown;                /* a frame's pin set could not be found */

/* The C library's sigaction, under the one libalaska interposes (below):
 * looked up once, by install() at start-up, before any handler can need it. */
typedef int sigaction_fn(int, const struct sigaction *, struct sigaction *);
static sigaction_fn *real_sigaction(void)
{
  static sigaction_fn *real;
  if (!real)
    real = (sigaction_fn *) dlsym(RTLD_NEXT, "sigaction");
  return real;
}

static long futex(volatile int *addr, int op, int val, const struct timespec *ts)
{
  return syscall(SYS_futex, addr, op, val, ts, NULL, 0);
}


static uint64_t started_ns;     /* the current attempt's start (barrier_lock) */
static uint64_t last_pause_ns;  /* the last attempt that stopped everyone */

ALASKA_API uint64_t alaska_barrier_started_ns(void)
{
  return started_ns;
}

ALASKA_API uint64_t alaska_barrier_pause_ns(void)
{
  return last_pause_ns;
}

/* ---- joining ---------------------------------------------------------- */

static void join(ucontext_t *uc)
{
  struct alaska_thread *me = alaska_self;
  unsigned e = epoch;
  if (!me || !active)
    return;
  me->uc = uc;
  __atomic_store_n(&me->stopped, e, __ATOMIC_RELEASE);
  __atomic_add_fetch(&arrivals, 1, __ATOMIC_RELEASE);
  futex(&arrivals, FUTEX_WAKE_PRIVATE, 1, NULL);
  while ((int) (__atomic_load_n(&released, __ATOMIC_ACQUIRE) - e) < 0)
    futex((volatile int *) &released, FUTEX_WAIT_PRIVATE, (int) (e - 1), NULL);
  me->uc = NULL;
}

/* Was uc interrupted in a system call that the kernel set up to restart
 * (SA_RESTART: the IP moved back onto the `syscall' instruction, whose
 * return address is still in RCX), one that fails with EINTR for a
 * handler without SA_RESTART (not fork or clone)? */
static int restarting_syscall(const ucontext_t *uc)
{
  const greg_t *g = uc->uc_mcontext.gregs;
  const unsigned char *ip = (const unsigned char *) g[REG_RIP];
  long nr = (long) g[REG_RAX];
  return ip[0] == 0x0f && ip[1] == 0x05 && (uintptr_t) g[REG_RCX] == (uintptr_t) ip + 2
         && nr != SYS_clone && nr != SYS_clone3 && nr != SYS_fork && nr != SYS_vfork;
}

/* Is a signal of the program's pending (it came while this handler ran,
 * which blocks them), not blocked by the interrupted code, with a handler
 * installed without SA_RESTART? */
static int program_signal_interrupts(const ucontext_t *uc)
{
  sigset_t pending;
  if (sigpending(&pending))
    return 0;
  for (int s = 1; s < NSIG; s++) {
    struct sigaction sa;
    if (s == ALASKA_SIGNAL || sigismember(&pending, s) != 1
        || sigismember(&uc->uc_sigmask, s) == 1 || real_sigaction()(s, NULL, &sa))
      continue;
    int handled = (sa.sa_flags & SA_SIGINFO) ? sa.sa_sigaction != NULL
                  : sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN;
    if (handled && !(sa.sa_flags & SA_RESTART))
      return 1;
  }
  return 0;
}

/* Blocks the program's signals while it runs (not the ones a fault
 * raises).  A system call it interrupted restarts (SA_RESTART), but a
 * signal of the program's that came meanwhile, whose handler has no
 * SA_RESTART, must still cut it short with EINTR, as it would have without
 * the barrier (a waitpid that waits for that signal to forward it): the
 * call returns EINTR, and that signal's handler runs on the way out. */
static void on_signal(int sig, siginfo_t *info, void *ctx)
{
  (void) sig, (void) info;
  int saved = errno;
  ucontext_t *uc = ctx;
  struct alaska_thread *me = alaska_self;
  if (me)
    __atomic_add_fetch(&me->signals, 1, __ATOMIC_RELAXED);
  if (active && me) {
    uintptr_t pc = (uintptr_t) uc->uc_mcontext.gregs[REG_RIP];
    if (me->in_runtime)
      me->pending = 1;          /* joins when it leaves libalaska */
    else if (!alaska_function_at(pc))
      join(uc);                 /* outside instrumented code */
    /* else: runs on to a safepoint */
  }
  if (restarting_syscall(uc) && program_signal_interrupts(uc)) {
    uc->uc_mcontext.gregs[REG_RIP] += 2;
    uc->uc_mcontext.gregs[REG_RAX] = -EINTR;
  }
  errno = saved;
}

static void on_trap(int sig, siginfo_t *info, void *ctx)
{
  ucontext_t *uc = ctx;
  uintptr_t pc = (uintptr_t) uc->uc_mcontext.gregs[REG_RIP];
  if (alaska_is_safepoint(pc)) {
    int saved = errno;
    join(uc);
    /* Resume after the safepoint, not on it: a trap may outlive its
     * barrier where the bytes executed are not the bytes in memory
     * (valgrind runs a translation made while the safepoint was `ud2'),
     * and running it again would trap for ever. */
    uc->uc_mcontext.gregs[REG_RIP] = (greg_t) (pc + ALASKA_SAFEPOINT_SIZE);
    errno = saved;
    return;
  }
  /* Not ours: the program's handler, or the default action. */
  if (program_sigill.sa_flags & SA_SIGINFO) {
    if (program_sigill.sa_sigaction) {
      program_sigill.sa_sigaction(sig, info, ctx);
      return;
    }
  } else if (program_sigill.sa_handler != SIG_DFL && program_sigill.sa_handler != SIG_IGN) {
    program_sigill.sa_handler(sig);
    return;
  }
  struct sigaction dfl;          /* re-executing the instruction kills us */
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  real_sigaction()(SIGILL, &dfl, NULL);
}

void alaska_runtime_leave_slow(void)
{
  struct alaska_thread *me = alaska_self;
  me->pending = 0;
  ucontext_t uc;
  getcontext(&uc);
  me->voluntary_uc = 1;
  join(&uc);
  me->voluntary_uc = 0;
}

/* ---- pins ------------------------------------------------------------- */

/* The pinned set: open addressing, sized by the pins found (not by the
 * handles issued: a service's lookups then stay in cache). */
/* The slot of id in the pinned set, or the empty slot where it goes. */
static size_t pin_slot(uint32_t id)
{
  size_t mask = pinned_cap - 1, i = (id * 2654435761u) & mask;
  while (pinned[i] != UINT32_MAX && pinned[i] != id)
    i = (i + 1) & mask;
  return i;
}

/* The pinned set's invariants: a power-of-two capacity at most half
 * full, pinned_count IDs in it, each where pin_slot finds it. */
static int pins_check(void)
{
  if (!pinned || (pinned_cap & (pinned_cap - 1)) || 2 * pinned_count > pinned_cap)
    return 0;
  size_t n = 0;
  for (size_t i = 0; i < pinned_cap; i++)
    if (pinned[i] != UINT32_MAX) {
      if (pin_slot(pinned[i]) != i)
        return 0;
      n++;
    }
  return n == pinned_count;
}

#define PINS_INITIAL 4096

static int pins_alloc(size_t cap)
{
  uint32_t *t = mmap(NULL, cap * sizeof *t, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (t == MAP_FAILED)
    return -1;
  memset(t, 0xff, cap * sizeof *t);
  uint32_t *old = pinned;
  size_t old_cap = pinned_cap;
  pinned = t;
  pinned_cap = cap;
  pinned_count = 0;
  for (size_t i = 0; old && i < old_cap; i++) {
    if (old[i] == UINT32_MAX)
      continue;
    pinned[pin_slot(old[i])] = old[i];
    pinned_count++;
  }
  if (old)
    munmap(old, old_cap * sizeof *old);
  ALASKA_ASSERT(pins_check());
  return 0;
}

/* An empty pinned set for an attempt: the last one's, cleared, unless a
 * barrier with many pins grew it. */
static int pins_reset(void)
{
  if (pinned && pinned_cap == PINS_INITIAL) {
    memset(pinned, 0xff, pinned_cap * sizeof *pinned);
    pinned_count = 0;
    return 0;
  }
  if (pinned)
    munmap(pinned, pinned_cap * sizeof *pinned);
  pinned = NULL;
  return pins_alloc(PINS_INITIAL);
}

static void pin(const void *h)
{
  /* A pin slot may hold what a marshalled out-parameter held before the
   * call: garbage, read on purpose (memcheck is told). */
  VALGRIND_MAKE_MEM_DEFINED(&h, sizeof h);
  if (!alaska_is_handle(h))
    return;
  ALASKA_ASSERT(active && pinned);      /* only while the world is stopped */
  uint32_t id = (uint32_t) (((uint64_t) (uintptr_t) h >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
  size_t i = pin_slot(id);
  if (pinned[i] == id)
    return;
  if (2 * (pinned_count + 1) > pinned_cap) {
    if (pins_alloc(2 * pinned_cap)) {
      pins_unknown = 1;         /* no room: treat everything as pinned */
      return;
    }
    i = pin_slot(id);
  }
  pinned[i] = id;
  pinned_count++;
}

ALASKA_API int alaska_is_pinned(uint32_t id)
{
  ALASKA_ASSERT(active && pinned);      /* services ask during a barrier */
  if (pins_unknown || alaska_kept(id))
    return 1;
  return pinned_count && pinned[pin_slot(id)] == id;
}

/* libunwind checks each page it reads from by writing a byte of it to a
 * pipe, and memcheck reports that write when the byte happens to be
 * uninitialised (stack below the live frames).  The check is libunwind's
 * own: under valgrind, its calls run with error reporting off for this
 * thread.  Natively the client requests are a few instructions that do
 * nothing. */
#define UNWIND(call) ({ VALGRIND_DISABLE_ERROR_REPORTING;                \
                        __auto_type unwind_r_ = (call);                   \
                        VALGRIND_ENABLE_ERROR_REPORTING;                  \
                        unwind_r_; })

/* Read the pin sets of every instrumented frame of one stack.  top: the
 * frame of the signal context (precise IP) or of getcontext. */
static void walk(ucontext_t *uc, int signal_frame, uintptr_t floor)
{
  unw_cursor_t c;
  if (UNWIND(unw_init_local2(&c, (unw_context_t *) uc, signal_frame ? UNW_INIT_SIGNAL_FRAME : 0))) {
    pins_unknown = 1;
    return;
  }
  int first = 1;
  for (;;) {
    unw_word_t ip;
    UNWIND(unw_get_reg(&c, UNW_REG_IP, &ip));
    /* Was this frame interrupted by a signal (its IP is precise) or is
     * it at a call?  A return address may be one past the end of a call
     * at the end of its function: look up ip - 1 there. */
    int interrupted = first ? signal_frame : UNWIND(unw_is_signal_frame(&c)) > 0;
    uintptr_t at = (uintptr_t) ip - (interrupted ? 0 : 1);
    const struct alaska_function *f = alaska_function_at(at);
    /* An instrumented frame that a signal interrupted away from a
     * safepoint (the program's handler ran on and reached one) may hold
     * translated pointers it has no pin for: move nothing. */
    if (f && interrupted && !first && !alaska_is_safepoint(at)) {
      pins_unknown = 1;
      return;
    }
    int more = UNWIND(unw_step(&c));
    if (more < 0) {
      /* The unwinder lost its way (in libc, say): the frames above, with
       * their pin sets, are out of sight. */
      pins_unknown = 1;
      return;
    }
    /* A frame stopped at its entry safepoint has translated nothing yet,
     * and its slots may hold what the stack held (the plugin clears only
     * those a later stop point may find unstored). */
    if (f && f->pin_slots && !(interrupted && at == f->entry)) {
      unw_word_t cfa;
      if (more == 0 || !f->known) {
        pins_unknown = 1;
        return;
      }
      UNWIND(unw_get_reg(&c, UNW_REG_SP, &cfa));      /* the caller's SP is our CFA */
      void *const *slots = (void *const *) (uintptr_t) ((int64_t) cfa + f->pin_offset);
      for (unsigned i = 0; i < f->pin_slots; i++)
        pin(slots[i]);
    }
    if (more == 0) {
      /* The end of the chain, or the unwinder's guess at it (no unwind
       * information, a frame-pointer chain that stops): only a walk that
       * reached the thread's first frames has seen every pin set. */
      unw_word_t sp;
      UNWIND(unw_get_reg(&c, UNW_REG_SP, &sp));
      if (floor && sp < floor)
        pins_unknown = 1;
      return;
    }
    first = 0;
  }
}

/* ---- the barrier ------------------------------------------------------ */

static void install(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO | SA_RESTART;
  sigfillset(&sa.sa_mask);
  static const int faults[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS };
  for (unsigned i = 0; i < sizeof faults / sizeof faults[0]; i++)
    sigdelset(&sa.sa_mask, faults[i]);
  real_sigaction()(ALASKA_SIGNAL, &sa, NULL);
  sa.sa_sigaction = on_trap;
  sa.sa_flags = SA_SIGINFO | SA_RESTART | SA_NODEFER;
  sigemptyset(&sa.sa_mask);
  real_sigaction()(SIGILL, &sa, &program_sigill);
}

/* Stop: arm the safepoints and signal every other registered thread until
 * all have joined barrier e, wait_ms ms have passed or *cancel is set.
 * Returns the number of threads still running (0: the world is stopped).
 * Called with barrier_lock and the registry lock held. */
static int stop_world(unsigned e, long wait_ms, const volatile int *cancel)
{
  struct alaska_thread *me = alaska_self;
  __atomic_store_n(&active, 1, __ATOMIC_SEQ_CST);
  alaska_safepoints_arm(1);

  /* Signal again after 1 ms, 2 ms, ... 64 ms (a real-time signal queues: a
   * thread the machine has not scheduled for a while must not find
   * thousands waiting). */
  uint64_t kick_gap = 1000000;
  for (uint64_t start = alaska_now_ns(), last_kick = 0;;) {
    int waiting = 0;
    int seen = __atomic_load_n(&arrivals, __ATOMIC_ACQUIRE);
    uint64_t t = alaska_now_ns();
    int kick = t - last_kick >= kick_gap;
    for (struct alaska_thread *th = alaska_threads; th; th = th->next) {
      if (th == me || __atomic_load_n(&th->stopped, __ATOMIC_ACQUIRE) == e)
        continue;
      waiting++;
      if (kick)
        syscall(SYS_tgkill, getpid(), th->tid, ALASKA_SIGNAL);
    }
    if (kick && last_kick && kick_gap < 64000000)
      kick_gap *= 2;
    if (kick)
      last_kick = t;
    if (!waiting || (long) ((t - start) / 1000000) >= wait_ms || (cancel && *cancel))
      return waiting;
    struct timespec ts = { 0, 200000 };
    futex(&arrivals, FUTEX_WAIT_PRIVATE, seen, &ts);
  }
}

/* Collect pins: with the world stopped, put into the pinned set every
 * handle in a pin set of an instrumented frame of any stack, in a
 * wrapper's pins and in a foreign call's.  pins_unknown: some could not be
 * read. */
static void collect_pins(void)
{
  struct alaska_thread *me = alaska_self;
  for (struct alaska_thread *th = alaska_threads; th; th = th->next) {
    ALASKA_ASSERT(th == me || th->stopped == epoch);
    if (th != me && th->uc)
      walk(th->uc, !th->voluntary_uc, th->stack_floor);
    unsigned n = __atomic_load_n(&th->wrapper_pins_n, __ATOMIC_ACQUIRE);
    for (unsigned i = 0; i < n && i < ALASKA_WRAPPER_PINS; i++)
      pin(th->wrapper_pins[i]);
    alaska_foreign_each_pin(th, pin);
  }
  if (me) {
    ucontext_t uc;
    getcontext(&uc);
    walk(&uc, 0, me->stack_floor);
  }
  ALASKA_ASSERT(pins_check());
}

/* Release: disarm the safepoints and let every thread of barrier e go.
 * Called with barrier_lock and the registry lock held. */
static void release_world(unsigned e)
{
  ALASKA_ASSERT(active && epoch == e && released == e - 1);
  alaska_safepoints_arm(0);
  __atomic_store_n(&active, 0, __ATOMIC_SEQ_CST);
  __atomic_store_n(&released, e, __ATOMIC_RELEASE);
  futex((volatile int *) &released, FUTEX_WAKE_PRIVATE, 1 << 30, NULL);
}

/* One attempt: stop everyone within wait_ms ms (sooner if *cancel becomes
 * nonzero), collect the pins, let the service move, release.  0: done;
 * -1: no memory, nothing moved; 1: not every thread stopped in time
 * (*left of them, in barrier *number); 2: a pin set could not be read
 * (a thread stopped where the unwinder loses its way).  After 1 or 2
 * nothing moved, everyone goes on, and a later attempt finds the threads
 * elsewhere. */
static int attempt(long wait_ms, const volatile int *cancel, int *left, unsigned *number)
{
  pthread_mutex_lock(&barrier_lock);
  if (!table_ready) {
    alaska_safepoints_refresh();
    table_ready = 1;
  }
  if (pins_reset()) {
    pthread_mutex_unlock(&barrier_lock);
    return -1;
  }
  pins_unknown = 0;
  alaska_safepoints_writable(1);        /* before the pause */
  uint64_t t0 = alaska_now_ns();
  started_ns = t0;

  pthread_mutex_lock(&alaska_registry_lock);
  ALASKA_ASSERT(!active && released == epoch);
  unsigned e = ++epoch;
  int waiting = stop_world(e, wait_ms, cancel);
  uint64_t stop = waiting ? 0 : alaska_now_ns() - t0;
  if (!waiting) {
    collect_pins();
    if (!pins_unknown && alaska_service->barrier)
      alaska_service->barrier();
  }
  release_world(e);
  pthread_mutex_unlock(&alaska_registry_lock);
  uint64_t pause = alaska_now_ns() - t0;
  alaska_safepoints_writable(0);        /* after it */
  if (!waiting)
    last_pause_ns = pause;
  int unknown = pins_unknown;
  if (!waiting && !unknown && alaska_service->after_barrier)
    alaska_service->after_barrier();
  pthread_mutex_unlock(&barrier_lock);
  *left = waiting;
  *number = e;

  alaska_stats_pause(pause, stop);
  return waiting ? 1 : unknown ? 2 : 0;
}

/* Sleep ms milliseconds, or less once *cancel is set. */
static void nap(long ms, const volatile int *cancel)
{
  while (ms > 0 && !(cancel && *cancel)) {
    long slice = ms < 10 ? ms : 10;
    struct timespec ts = { 0, slice * 1000000 };
    syscall(SYS_nanosleep, &ts, NULL);
    ms -= slice;
  }
}

/* Attempts until one completes, bound_ms ms have passed or *cancel is
 * set; the barrier counts once in the statistics (not at all if called
 * off).  0, or -1 (nothing moved). */
static int barrier_until(long bound_ms, const volatile int *cancel)
{
  uint64_t start = alaska_now_ns();
  long window = 100, pause_ms = 1;
  int left, unreadable = 0;
  unsigned number;
  for (;;) {
    long spent = (long) ((alaska_now_ns() - start) / 1000000);
    long wait_ms = bound_ms - spent < window ? bound_ms - spent : window;
    int r = attempt(wait_ms > 0 ? wait_ms : 0, cancel, &left, &number);
    if (r <= 0) {
      alaska_stats_barrier(r == 0);
      return r;
    }
    /* A pin set that could not be read is usually a thread caught for a
     * moment where the unwinder loses its way (starting, in a signal
     * trampoline): a few more attempts, then give up as before. */
    if (r == 2 && ++unreadable > 8) {
      alaska_stats_barrier(0);
      return -1;
    }
    spent = (long) ((alaska_now_ns() - start) / 1000000);
    if (spent >= bound_ms || (cancel && *cancel))
      break;
    nap(pause_ms, cancel);
    window = window < 500 ? 2 * window : 1000;
    pause_ms = pause_ms < 50 ? 2 * pause_ms : 100;
  }
  if (cancel && *cancel)
    return -1;                  /* called off (at exit): no failure */
  alaska_stats_barrier(0);
  alaska_warn("warning: barrier %u gave up after %ld ms: %d thread(s) did not reach "
              "a safepoint; nothing was moved", number, bound_ms, left);
  return -1;
}

ALASKA_API int alaska_barrier(void)
{
  alaska_ensure_init();
  return barrier_until(alaska_option_long(ALASKA_OPT_BARRIER_TIMEOUT), NULL);
}

ALASKA_API int alaska_barrier_try(long wait_ms)
{
  alaska_ensure_init();
  int left;
  unsigned number;
  int r = attempt(wait_ms > 0 ? wait_ms : 0, NULL, &left, &number);
  if (r == 2)
    r = -1;
  if (r <= 0)
    alaska_stats_barrier(r == 0);
  return r;
}

void alaska_barrier_after_fork(void)
{
  pthread_mutex_init(&barrier_lock, NULL);
  active = 0;
  released = epoch;             /* no thread of the child waits for one */
  stress_running = 0;           /* the stress thread stayed in the parent */
  alaska_safepoints_after_fork();
}

/* ---- the program's own SIGILL handler --------------------------------- */

/* sigaction and signal for SIGILL record the program's handler, which
 * on_trap calls for every SIGILL that is not a safepoint's. */
ALASKA_API int sigaction(int sig, const struct sigaction *act, struct sigaction *old)
{
  if (sig != SIGILL || !alaska_initialized)
    return real_sigaction()(sig, act, old);
  if (old)
    *old = program_sigill;
  if (act)
    program_sigill = *act;
  return 0;
}

ALASKA_API sighandler_t signal(int sig, sighandler_t handler)
{
  struct sigaction act, old;
  memset(&act, 0, sizeof act);
  act.sa_handler = handler;
  act.sa_flags = SA_RESTART;
  sigemptyset(&act.sa_mask);
  if (sigaction(sig, &act, &old))
    return SIG_ERR;
  return old.sa_handler;
}

/* ---- stress mode ------------------------------------------------------ */


static void *stress(void *arg)
{
  long ms = (long) (intptr_t) arg;
  while (!stress_stop) {
    nap(ms, &stress_stop);
    if (!stress_stop)
      barrier_until(alaska_option_long(ALASKA_OPT_BARRIER_TIMEOUT), &stress_stop);
  }
  return NULL;
}

void alaska_barrier_init(void)
{
  install();
  long ms = alaska_option_long(ALASKA_OPT_STRESS);
  if (ms > 0) {
    if (alaska_service_thread_create(&stress_thread, stress, (void *) (intptr_t) ms))
      alaska_fatal("cannot start the ALASKA_STRESS thread");
    stress_running = 1;
  }
}

void alaska_barrier_fini(void)
{
  if (!stress_running)
    return;
  stress_stop = 1;
  pthread_join(stress_thread, NULL);
  stress_running = 0;
}
