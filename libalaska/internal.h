/* SPDX-License-Identifier: MIT */
/* internal.h: declarations shared between libalaska's source files and not
 * exported from the library (the version script keeps them local). */
#ifndef ALASKA_INTERNAL_H
#define ALASKA_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include "alaska.h"
#define RUNTIME_NAME "alaska"
#include "runtime-assert.h"

/* alaska_translate, inline, for the runtime's own use (alaska-abi.h). */
static inline void *alaska_translate_inline(const void *p)
{
  uint64_t v = (uint64_t) (uintptr_t) p;
  return (void *) (uintptr_t) (v + *(const uint64_t *) (uintptr_t)
                               (ALASKA_TABLE_ORIGIN + (v >> ALASKA_ID_SHIFT) * ALASKA_ENTRY_SIZE));
}
#define alaska_translate alaska_translate_inline

#define ALASKA_API __attribute__((visibility("default")))
#define ALASKA_HIDDEN __attribute__((visibility("hidden")))
#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* ---- options.c: the option table, read from ALASKA_<NAME> ---------- */
enum alaska_option_id {
  ALASKA_OPT_STATS,             /* bool: print statistics at exit */
  ALASKA_OPT_SERVICE,           /* string: backing memory service */
  ALASKA_OPT_VERBOSE,           /* bool: report start-up decisions */
  ALASKA_OPT_LINK_CHECK,        /* bool: check instrumentation notes at start-up */
  ALASKA_OPT_STRESS,            /* long: a barrier every N ms (0: never) */
  ALASKA_OPT_BARRIER_TIMEOUT,   /* long: ms alaska_barrier() keeps trying */
  ALASKA_OPT_HEAP_SIZE,         /* size: bytes the backing region reserves (0: default) */
  ALASKA_OPT__COUNT
};
void alaska_options_init(void);
long alaska_option_long(enum alaska_option_id id);
const char *alaska_option_string(enum alaska_option_id id);

/* ---- diagnostics ---------------------------------------------------- */
void alaska_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void alaska_fatal(const char *fmt, ...)
  __attribute__((format(printf, 1, 2), noreturn));

/* ---- handle-table.c ------------------------------------------------- */
#define ALASKA_NO_ID UINT32_MAX
/* IDs [first, first + ALASKA_USABLE_PAGE_IDS), all free in the pool, have
 * had their table pages given back: so does the usable-size table's page
 * for them (halloc.c). */
#define ALASKA_USABLE_PAGE_IDS 4096
void alaska_usable_sizes_give_back(uint32_t first);
void alaska_table_init(void);
void alaska_region_init(void);          /* backing-region.c */
/* Load jemalloc and set up the general allocator over the region now
 * (otherwise at its first use). */
void alaska_region_load(void);
/* Around fork, inside libalaska's own locks: the general allocator's
 * (jemalloc's) fork handlers, once it has started. */
enum alaska_fork_stage { ALASKA_FORK_PREPARE, ALASKA_FORK_PARENT, ALASKA_FORK_CHILD };
void alaska_region_fork(enum alaska_fork_stage stage);
/* The usable size of the block alaska_region_malloc (size, align, ...)
 * gives, for jemalloc's small classes (which depend on neither the arena
 * nor the thread cache), from a table filled with nallocx at start-up;
 * 0 for larger or over-aligned blocks. */
#define ALASKA_SMALL_MAX 4096
extern uint16_t alaska_small_usable[ALASKA_SMALL_MAX / 16 + 1];
static inline size_t alaska_region_usable_of(size_t size, size_t align)
{
  return size <= ALASKA_SMALL_MAX && align <= 16 ? alaska_small_usable[(size + 15) >> 4] : 0;
}
/* Sizes are rounded up to 16 bytes: jemalloc's size classes from 16 on
 * are multiples of 16, and so are the blocks of those classes. */
static inline size_t alaska_round16(size_t size)
{
  return size ? (size + 15) & ~(size_t) 15 : 16;
}
/* The fast path of small blocks, which halloc and hfree take inline for
 * the malloc service: the malloc and free of libalaska's jemalloc
 * (backing-region.c), and this thread's binding to the region's arena (0
 * not yet bound, 1 bound, -1 the binding failed); alaska_region_malloc
 * binds a thread on its first allocation. */
/* A reservation that becomes writable as it is used: make [base, base +
 * need) writable, from *done (what already is) up to need rounded up to
 * step, by mapping fresh pages over it (not mprotect, which costs memcheck
 * seconds per GiB, and a small writable mapping is also what memcheck's
 * leak check reads through).  Updates *done; 0 if it cannot.  The caller
 * serialises calls for one reservation (backing-region.c). */
int alaska_map_writable(char *base, uint64_t *done, uint64_t need, uint64_t step);
ALASKA_HIDDEN void *alaska_je_malloc(size_t size);
ALASKA_HIDDEN void alaska_je_free(void *p);
extern __thread int alaska_region_bound __attribute__((tls_model("initial-exec")));
uint32_t alaska_ids_issued(void);        /* high-water mark of handed-out IDs */
uint64_t alaska_table_bytes(void);      /* bytes of table pages kept for entries */
void alaska_ids_lock(int take);           /* 1: lock, 0: unlock (fork) */

static inline _Atomic uint64_t *alaska_entry(uint32_t id)
{
  return (_Atomic uint64_t *) (uintptr_t) (ALASKA_TABLE_BASE + (uint64_t) id * ALASKA_ENTRY_SIZE);
}
/* The backing region's end, chosen at start-up (backing-region.c). */
extern uintptr_t alaska_backing_end;
/* Entry values of live handles (alaska-abi.h): the backing address minus
 * the handle's base, never 0 (ALASKA_ENTRY_FREE); backing 16-byte aligned
 * in the backing region, from which services take their memory. */
void alaska_bad_backing(uint32_t id, const void *backing) __attribute__((noreturn, cold));
static inline uint64_t alaska_entry_encode(uint32_t id, const void *backing)
{
  uint64_t b = (uint64_t) (uintptr_t) backing;
  if (unlikely(b - ALASKA_BACKING_BASE >= alaska_backing_end - ALASKA_BACKING_BASE || (b & 15)))
    alaska_bad_backing(id, backing);
  return b - ALASKA_HANDLE_BASE(id);
}
static inline void *alaska_entry_decode(uint32_t id, uint64_t e)
{
  return (void *) (uintptr_t) (e + ALASKA_HANDLE_BASE(id));
}
static inline uint32_t alaska_handle_id(const void *h)
{
  return (uint32_t) (((uint64_t) (uintptr_t) h >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
}
static inline uint32_t alaska_handle_offset(const void *h)
{
  return (uint32_t) (uintptr_t) h;
}
static inline void *alaska_make_handle(uint32_t id)
{
  return (void *) (uintptr_t) ALASKA_HANDLE_BASE(id);
}
/* CLOCK_MONOTONIC in nanoseconds. */
static inline uint64_t alaska_now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

/* Is v a handle whose object is live: its ID handed out, and its entry
 * neither 0 (never handed out) nor ALASKA_ENTRY_FREE?  Safe on any value,
 * garbage included: an ID past the high-water mark is not looked up (nor
 * shown to memcheck as a read of an entry no program may use). */
static inline int alaska_live_handle(uint64_t v)
{
  if (!(v & ALASKA_HANDLE_BIT))
    return 0;
  uint32_t id = alaska_handle_id((const void *) (uintptr_t) v);
  if (id >= alaska_ids_issued())
    return 0;
  uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
  return e != 0 && e != ALASKA_ENTRY_FREE;
}

/* A thread's cache of free handle IDs (handle-table.c): the free IDs of
 * one page of the table, as a bitmap, given out lowest first, and the
 * IDs it freed from other pages, which it gives out again (last freed
 * first) once the bitmap is empty, and sends to the global pool
 * ALASKA_ID_RETURN at a time when it frees more than it allocates.  A
 * freed ID's entry reads ALASKA_ENTRY_FREE while it waits. */
#define ALASKA_PAGE_IDS (4096 / ALASKA_ENTRY_SIZE)     /* entries in a table page */
#define ALASKA_PAGE_WORDS (ALASKA_PAGE_IDS / 64)
#define ALASKA_ID_RETURN 32             /* IDs of other pages sent to the pool at once */
struct alaska_id_cache {
  uint32_t page1;               /* 1 + the page bits[] holds IDs of; 0: none */
  uint32_t low;                 /* no word of bits[] below this is set
                                 * (ALASKA_PAGE_WORDS: bits[] is empty) */
  uint32_t nret;                /* IDs in ret[] */
  uint32_t limit;               /* nret that sends ret[] to the pool; 0: exit flush not registered */
  uint64_t bits[ALASKA_PAGE_WORDS];
  uint32_t ret[ALASKA_ID_RETURN];
};
extern __thread struct alaska_id_cache alaska_id_cache __attribute__((tls_model("initial-exec")));
uint32_t alaska_id_refill(struct alaska_id_cache *c);
void alaska_id_overflow(struct alaska_id_cache *c);

/* A free handle ID; ALASKA_NO_ID when the table is full. */
static inline uint32_t alaska_id_alloc(void)
{
  struct alaska_id_cache *c = &alaska_id_cache;
  for (uint32_t w = c->low; w < ALASKA_PAGE_WORDS; w++) {
    uint64_t b = c->bits[w];
    if (likely(b)) {
      c->bits[w] = b & (b - 1);
      c->low = w;
      return (c->page1 - 1) * ALASKA_PAGE_IDS + w * 64 + (uint32_t) __builtin_ctzll(b);
    }
  }
  c->low = ALASKA_PAGE_WORDS;
  if (likely(c->nret))
    return c->ret[--c->nret];
  return alaska_id_refill(c);
}
static inline void alaska_id_free(uint32_t id)
{
  struct alaska_id_cache *c = &alaska_id_cache;
  atomic_store_explicit(alaska_entry(id), ALASKA_ENTRY_FREE, memory_order_relaxed);
  if (likely(id / ALASKA_PAGE_IDS + 1 == c->page1)) {
    uint32_t w = id / 64 % ALASKA_PAGE_WORDS;
    c->bits[w] |= UINT64_C(1) << (id % 64);
    if (w < c->low)
      c->low = w;
    return;
  }
  if (unlikely(c->nret >= c->limit))
    alaska_id_overflow(c);
  c->ret[c->nret++] = id;
}

/* The backing address of handle h, checked: aborts with a message naming
 * `what` (the API call) if h is freed or was never allocated, or if h
 * does not point at the start of its object.  The table's whole span is
 * mapped, and entries never written read as ALASKA_ENTRY_FREE. */
void alaska_bad_handle(const void *h, const char *what) __attribute__((noreturn, cold));
static inline void *alaska_checked_backing(const void *h, const char *what)
{
  uint32_t id = alaska_handle_id(h);
  uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
  if (unlikely(e == ALASKA_ENTRY_FREE || alaska_handle_offset(h) != 0))
    alaska_bad_handle(h, what);
  return alaska_entry_decode(id, e);
}

/* ---- notes.c ---------------------------------------------------------- */
typedef void alaska_note_fn(unsigned type, const char *desc, size_t size, void *arg);
/* Call fn for every Alaska note of every loaded object, or of one. */
void alaska_each_note(alaska_note_fn *fn, void *arg);
struct dl_phdr_info;
void alaska_each_note_of(const struct dl_phdr_info *info, alaska_note_fn *fn, void *arg);

/* ---- cfi.c ------------------------------------------------------------ */
/* The CFA rule (DWARF register + offset) at code address pc, and the
 * bounds of the function (FDE) containing it; -1 if unknown. */
int alaska_cfa_rule(uintptr_t pc, int *reg, int64_t *off, uintptr_t *fn_start, uintptr_t *fn_end);

/* ---- threads.c -------------------------------------------------------- */
#include <pthread.h>
#include <signal.h>
#include <sys/types.h>
#include <ucontext.h>
#define ALASKA_WRAPPER_PINS 1040    /* IOV_MAX iovecs and a few more */
struct alaska_thread {
  pid_t tid;
  pthread_t self;
  struct alaska_thread *next, *prev;
  int left;                     /* no longer registered */
  unsigned stopped;             /* the barrier it stopped for */
  ucontext_t *uc;               /* where it stopped */
  int voluntary_uc;             /* uc is from getcontext, not a signal */
  volatile int in_runtime;      /* inside libalaska: stops when leaving */
  volatile int pending;         /* a barrier waits for it to leave */
  unsigned signals;             /* ALASKA_SIGNALs received (sleep-restart.c, wait-restart.c) */
  uintptr_t stack_floor;        /* a whole walk of its stack ends at or above (0: unknown) */
  /* Handles a libalaska wrapper translated, pinned while it runs. */
  unsigned wrapper_pins_n;
  const void *wrapper_pins[ALASKA_WRAPPER_PINS];
  /* Its calls through the trampoline (foreign-call.c), once it made one. */
  struct alaska_foreign_stack *foreign;
};
extern pthread_mutex_t alaska_registry_lock;
extern struct alaska_thread *alaska_threads;
extern __thread struct alaska_thread *alaska_self __attribute__((tls_model("initial-exec")));
void alaska_threads_init(void);

/* How many ALASKA_SIGNALs the calling thread has received (0 in a thread
 * barriers do not stop): a system call that failed with EINTR while this
 * count changed was interrupted by a barrier. */
static inline unsigned alaska_barrier_signals(void)
{
  struct alaska_thread *me = alaska_self;
  return me ? __atomic_load_n(&me->signals, __ATOMIC_RELAXED) : 0;
}

/* ---- barrier.c -------------------------------------------------------- */
#define ALASKA_SIGNAL (SIGRTMAX - 2)
void alaska_barrier_init(void);
void alaska_barrier_fini(void);         /* at exit: stops the stress thread */
void alaska_barrier_after_fork(void);
void alaska_runtime_leave_slow(void);
/* Around work on the heap's state (a barrier must not stop a thread
 * holding the service's locks or halfway through an update). */
static inline void alaska_runtime_enter(void)
{
  struct alaska_thread *t = alaska_self;
  if (t)
    t->in_runtime++;
}
static inline void alaska_runtime_leave(void)
{
  struct alaska_thread *t = alaska_self;
  if (t && --t->in_runtime == 0 && t->pending)
    alaska_runtime_leave_slow();
}

/* Wrappers (wrappers.c, wrappers-varargs.c): the handles they translate
 * stay pinned until they return.  Every wrapper that translates opens a
 * WRAPPER_SCOPE, which empties the list at both ends; one call that would
 * pin more than ALASKA_WRAPPER_PINS handles stops the program with a
 * message rather than let one move under libc. */
static inline int alaska_wrapper_begin(void)
{
  struct alaska_thread *t = alaska_self;
  if (t)
    t->wrapper_pins_n = 0;
  return 0;
}
static inline void alaska_wrapper_end(int *unused)
{
  (void) unused;
  struct alaska_thread *t = alaska_self;
  if (t)
    __atomic_store_n(&t->wrapper_pins_n, 0, __ATOMIC_RELAXED);
}
void alaska_wrapper_pins_full(const void *p) __attribute__((noreturn, cold));
/* A raw copy of a NULL-terminated vector of strings, the strings with it,
 * in one block of libc memory the caller frees (wrappers.c). */
char **alaska_translate_vector(char *const *vec);
static inline void *alaska_wrapper_pin(const void *p)
{
  struct alaska_thread *t = alaska_self;
  if (t && alaska_is_handle(p)) {
    if (unlikely(t->wrapper_pins_n >= ALASKA_WRAPPER_PINS))
      alaska_wrapper_pins_full(p);
    t->wrapper_pins[t->wrapper_pins_n] = p;
    __atomic_store_n(&t->wrapper_pins_n, t->wrapper_pins_n + 1, __ATOMIC_RELEASE);
  }
  return alaska_translate(p);
}
#define WRAPPER_SCOPE \
  __attribute__((cleanup(alaska_wrapper_end), unused)) int alaska_wrapper_scope_ = alaska_wrapper_begin()

/* ---- safepoint-table.c ------------------------------------------------ */
struct alaska_function {
  uintptr_t start, end;         /* code range (its FDE) */
  uintptr_t entry;              /* its entry safepoint */
  int64_t pin_offset;           /* pin set = CFA + pin_offset */
  uint16_t pin_slots;
  uint8_t known;                /* pin_offset could be computed */
};
void alaska_safepoints_refresh(void);
size_t alaska_safepoint_count(void);
const struct alaska_function *alaska_function_at(uintptr_t pc);
int alaska_is_safepoint(uintptr_t pc);
void alaska_safepoints_writable(int writable);  /* the sites' code pages */
void alaska_safepoints_arm(int trap);
void alaska_safepoints_after_fork(void);

/* ---- instrumented-code.c, foreign-call.c: indirect calls ----------- */
/* What code address pc lies in. */
enum alaska_code {
  ALASKA_CODE_INSTRUMENTED,     /* code the plugin compiled */
  ALASKA_CODE_C_LIBRARY,        /* the C library: pointers pinned for the call */
  ALASKA_CODE_OTHER             /* other code, which may keep pointers */
};
enum alaska_code alaska_code_kind(uintptr_t pc);
#define ALASKA_FOREIGN_DEPTH 64
struct alaska_foreign_frame {   /* offsets fixed for foreign-call.S */
  uintptr_t sp;                 /* the caller's stack pointer after the call */
  uintptr_t ret;                /* the caller's return address */
  uintptr_t rbx;                /* the caller's %rbx */
  unsigned index;               /* this frame's place in the stack */
  unsigned npins;
  const void *pins[6];          /* handles translated for the call */
};
struct alaska_foreign_stack {
  unsigned depth;               /* frames in use */
  struct alaska_foreign_frame frames[ALASKA_FOREIGN_DEPTH];
};
extern __thread struct alaska_foreign_stack alaska_foreign_stack
  __attribute__((tls_model("initial-exec")));
/* Call fn for each handle pinned by th's calls through the trampoline. */
void alaska_foreign_each_pin(const struct alaska_thread *th, void (*fn)(const void *));
struct alaska_foreign_frame *alaska_foreign_enter(uint64_t *regs);
uint64_t alaska_foreign_result(const struct alaska_foreign_frame *f, uint64_t r);

/* ---- relocation-arena.c ----------------------------------------------- */
extern char *alaska_arena_region;       /* reserved lazily; NULL until then */
#define ALASKA_ARENA_SIZE (UINT64_C(4) << 30)     /* of the backing region */
static inline int alaska_arena_contains(const void *p)
{
  return (uintptr_t) p - (uintptr_t) alaska_arena_region < ALASKA_ARENA_SIZE
    && alaska_arena_region;
}
void *alaska_arena_alloc(size_t size, size_t align);
void alaska_arena_free(void *p);
void alaska_arena_lock(int take);         /* 1: lock, 0: unlock (fork) */

/* ---- kept.c: objects pinned for good (alaska_keep) -------------------- */
extern _Atomic uint64_t *alaska_kept_bits;      /* NULL until the first keep */
void alaska_unkeep(uint32_t id);
static inline int alaska_kept(uint32_t id)
{
  _Atomic uint64_t *b = alaska_kept_bits;
  return b && (atomic_load_explicit(&b[id >> 6], memory_order_relaxed) >> (id & 63) & 1);
}
/* Kept and exported objects (alaska_keep, alaska_export): the handle of
 * the object whose backing starts at raw, which another library gave back
 * to the program; alaska_kept_handle_at: NULL if none does,
 * alaska_exported_handle: fatal, naming `what'.  alaska_exported_forget:
 * the object at backing is freed or moves (hfree and hrealloc of a kept
 * handle). */
void *alaska_kept_handle_at(const void *raw);
void *alaska_exported_handle(const void *raw, const char *what);
void alaska_exported_forget(const void *backing);
/* Is raw pointer p in the backing region, where only handles' memory is? */
static inline int alaska_in_backing_region(const void *p)
{
  return (uintptr_t) p - ALASKA_BACKING_BASE < alaska_backing_end - ALASKA_BACKING_BASE;
}

/* ---- va-format.c ------------------------------------------------------ */
#include <stdarg.h>
/* Translate, in place, the handles that libc will dereference among the
 * arguments of ap, as a printf or a scanf format says. */
void alaska_va_translate_printf(const char *fmt, va_list ap);
void alaska_va_translate_scanf(const char *fmt, va_list ap);
void alaska_va_translate_wprintf(const wchar_t *fmt, va_list ap);
void alaska_va_translate_wscanf(const wchar_t *fmt, va_list ap);

/* ---- init.c ----------------------------------------------------------- */
extern int alaska_initialized;
void alaska_init_slow(void);
static inline void alaska_ensure_init(void)
{
  if (unlikely(!__atomic_load_n(&alaska_initialized, __ATOMIC_ACQUIRE)))
    alaska_init_slow();
}
extern const struct alaska_service *alaska_service;
extern const struct alaska_service alaska_service_malloc;
/* Set once at start-up: the malloc service, no statistics, and jemalloc's
 * own malloc and free at hand, so halloc and hfree may take small blocks
 * straight from jemalloc's thread cache (halloc.c). */
extern int alaska_malloc_fast;
/* Set once at start-up: a service other than malloc, and no statistics,
 * so halloc and hfree call the service directly, with nothing to count
 * (halloc.c). */
extern int alaska_service_fast;

/* ---- link-check.c ----------------------------------------------------- */
void alaska_link_check(void);

/* ---- stats.c ---------------------------------------------------------- */
extern int alaska_stats_enabled;
void alaska_stats_alloc(size_t bytes);
void alaska_stats_free(size_t bytes);
void alaska_stats_resize(size_t old_bytes, size_t new_bytes);
void alaska_stats_raw_fallback(void);
void alaska_stats_barrier(int moved);   /* once per barrier */
/* Once per attempt: its pause, and (0 unless every thread stopped) how
 * long stopping them took. */
void alaska_stats_pause(uint64_t pause_ns, uint64_t stop_ns);

#endif
