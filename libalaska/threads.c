/* SPDX-License-Identifier: MIT */
/* threads.c: the registry of the program's threads, which a barrier stops.
 *
 * pthread_create is interposed (libalaska comes before libc in the search
 * order of every program linked with it): the new thread registers itself
 * before running the program's start routine and leaves the registry when
 * it returns or calls pthread_exit (a thread-specific-data destructor).
 * The main thread registers at start-up.  In a child after fork only the
 * forking thread exists, and the registry says so.
 *
 * Fork: another thread (the stress thread freeing what the last barrier
 * moved, a thread allocating) may hold the relocation arena's or the ID
 * pool's lock at the moment of fork, which the child would then never see
 * released.  The forking thread takes both first, inside the runtime (a
 * barrier waits for it rather than stopping it with the locks held), and
 * releases them on both sides.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "internal.h"

pthread_mutex_t alaska_registry_lock = PTHREAD_MUTEX_INITIALIZER;
struct alaska_thread *alaska_threads;
__thread struct alaska_thread *alaska_self __attribute__((tls_model("initial-exec")));

static pthread_key_t leave_key;
static int (*real_create)(pthread_t *, const pthread_attr_t *, void *(*)(void *), void *);

static void enter(struct alaska_thread *t)
{
  t->tid = (pid_t) syscall(SYS_gettid);
  t->self = pthread_self();
  alaska_self = t;
  pthread_mutex_lock(&alaska_registry_lock);
  ALASKA_ASSERT(!alaska_threads || !alaska_threads->prev);
  t->next = alaska_threads;
  t->prev = NULL;
  if (alaska_threads)
    alaska_threads->prev = t;
  alaska_threads = t;
  pthread_mutex_unlock(&alaska_registry_lock);
  pthread_setspecific(leave_key, t);
}

static void leave(void *arg)
{
  struct alaska_thread *t = arg;
  if (!t || t->left)
    return;
  pthread_mutex_lock(&alaska_registry_lock);
  /* Registered: linked both ways, or the head. */
  ALASKA_ASSERT(t->prev ? t->prev->next == t : alaska_threads == t);
  ALASKA_ASSERT(!t->next || t->next->prev == t);
  if (t->prev)
    t->prev->next = t->next;
  else
    alaska_threads = t->next;
  if (t->next)
    t->next->prev = t->prev;
  t->left = 1;
  pthread_mutex_unlock(&alaska_registry_lock);
  alaska_self = NULL;
}

struct start { void *(*fn)(void *); void *arg; struct alaska_thread t; };

static void *start(void *arg)
{
  struct start *s = arg;
  /* The walk of this stack must get past this frame, to start_thread. */
  s->t.stack_floor = (uintptr_t) __builtin_frame_address(0) + sizeof(void *);
  enter(&s->t);
  void *ret = s->fn(s->arg);
  leave(&s->t);
  pthread_setspecific(leave_key, NULL);
  free(s);
  return ret;
}

ALASKA_API int pthread_create(pthread_t *thread, const pthread_attr_t *attr,
                              void *(*fn)(void *), void *arg)
{
  alaska_ensure_init();
  struct start *s = calloc(1, sizeof *s);
  if (!s)
    return EAGAIN;
  s->fn = fn;
  s->arg = arg;
  int r = real_create(thread, attr, start, s);
  if (r)
    free(s);
  return r;
}

/* A thread of the runtime's own (the stress timer, Anchorage's control
 * loop): not registered.  It starts with every signal blocked (a new
 * thread inherits its creator's mask), so that a signal sent to the
 * process is never delivered to it: the program's handler would run on a
 * thread that barriers do not stop, and a signal the program blocks in
 * order to sigwait for it (or leaves to its default action) would kill the
 * process from there. */
ALASKA_API int alaska_service_thread_create(pthread_t *thread, void *(*fn)(void *), void *arg)
{
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  int r = real_create(thread, NULL, fn, arg);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  return r;
}

static void before_fork(void)
{
  alaska_runtime_enter();
  alaska_ids_lock(1);
  alaska_arena_lock(1);
  alaska_region_fork(ALASKA_FORK_PREPARE);
}

static void after_fork_parent(void)
{
  alaska_region_fork(ALASKA_FORK_PARENT);
  alaska_arena_lock(0);
  alaska_ids_lock(0);
  alaska_runtime_leave();
}

static void after_fork_child(void)
{
  static struct alaska_thread child;
  alaska_region_fork(ALASKA_FORK_CHILD);
  alaska_arena_lock(0);
  alaska_ids_lock(0);
  alaska_threads = NULL;
  pthread_mutex_init(&alaska_registry_lock, NULL);
  uintptr_t floor = alaska_self ? alaska_self->stack_floor : 0;     /* the same stack */
  child = (struct alaska_thread) { .stack_floor = floor };
  enter(&child);
  alaska_barrier_after_fork();
}

void alaska_threads_init(void)
{
  static struct alaska_thread main_thread;
  real_create = dlsym(RTLD_NEXT, "pthread_create");
  if (!real_create)
    alaska_fatal("cannot find the C library's pthread_create: %s", dlerror());
  pthread_key_create(&leave_key, leave);
  pthread_atfork(before_fork, after_fork_parent, after_fork_child);
  /* The main thread's walk ends in _start, just below where the kernel
   * left the stack (argc).  Registered from another thread, no check. */
  extern void *__libc_stack_end;
  if (syscall(SYS_gettid) == getpid())
    main_thread.stack_floor = (uintptr_t) __libc_stack_end - 64;
  enter(&main_thread);
}
