/* SPDX-License-Identifier: MIT */
/* instrumented-code.c: which code the plugin compiled, and which is the
 * C library's, for calls through function pointers (alaska-abi.h,
 * "Indirect calls").
 *
 * Every loaded object with ALASKA_NOTE_SAFEPOINT entry notes or (built
 * without tracking) ALASKA_NOTE_FUNCTION notes has instrumented code:
 * from the start of its first instrumented function to
 * the end of its last (their FDEs).  Code outside that range -- other
 * libraries, the object's own start-up files, static libraries linked
 * after it -- is not.  The range of the main program is published in
 * ALASKA_INSTRUMENTED_TEXT, which instrumented code reads at each indirect
 * call; every other target reaches the trampoline, which asks
 * alaska_code_kind.  The table of objects is rebuilt when a target lies
 * in no known object (dlopen) and after dlclose.  The C library is
 * libc.so.6 and libm.so.6, as for the plugin (external.cc), and the vDSO.
 * libalaska itself counts as instrumented: its entry points take handles
 * as they are (free, stored as a function pointer in gnulib's obstacks,
 * is libalaska's hfree). */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* The main program's range, read by instrumented code (copy-relocated
 * into a PIE that refers to it: written through dlsym's answer). */
void alaska_foreign_call(void);
ALASKA_API struct alaska_instrumented_text alaska_instrumented_text = {
  0, 0, (uint64_t) (uintptr_t) alaska_foreign_call
};

struct object {
  uintptr_t lo, hi;             /* its code */
  uintptr_t ilo, ihi;           /* its instrumented code */
  int c_library;
  int runtime;                  /* libalaska: all of it takes handles */
};
struct table { size_t n; struct object o[]; };

static struct table *_Atomic current;
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic unsigned long closes;            /* dlclose calls */
static _Atomic unsigned long built_closes;
static unsigned long built_adds;
static int built;

struct scan { struct table *t; size_t cap; uintptr_t min_entry, max_entry; };

static void on_entry(unsigned type, const char *desc, size_t size, void *arg)
{
  struct scan *s = arg;
  int32_t rel;
  if (type == ALASKA_NOTE_SAFEPOINT && size >= sizeof(struct alaska_safepoint_note)) {
    const struct alaska_safepoint_note *n = (const void *) desc;
    if (n->kind != ALASKA_SAFEPOINT_ENTRY)
      return;
    rel = n->pc;
  } else if (type == ALASKA_NOTE_FUNCTION && size >= sizeof(struct alaska_function_note)) {
    rel = ((const struct alaska_function_note *) (const void *) desc)->pc;
  } else {
    return;
  }
  uintptr_t pc = (uintptr_t) desc + rel;
  if (!s->min_entry || pc < s->min_entry)
    s->min_entry = pc;
  if (pc > s->max_entry)
    s->max_entry = pc;
}

static int each_object(struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  struct scan *s = data;
  struct object o = { UINTPTR_MAX, 0, 0, 0, 0, 0 };
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
      continue;
    uintptr_t a = info->dlpi_addr + ph->p_vaddr;
    if (a < o.lo)
      o.lo = a;
    if (a + ph->p_memsz > o.hi)
      o.hi = a + ph->p_memsz;
  }
  if (o.hi == 0)
    return 0;
  built_adds = info->dlpi_adds;
  const char *name = info->dlpi_name ? info->dlpi_name : "";
  const char *base = strrchr(name, '/');
  base = base ? base + 1 : name;
  o.c_library = !strcmp(base, "libc.so.6") || !strcmp(base, "libm.so.6")
                || !strncmp(base, "linux-vdso.so", 13);
  s->min_entry = s->max_entry = 0;
  alaska_each_note_of(info, on_entry, s);
  /* ilo, ihi: the entries themselves for now; widened to the FDEs once
   * out of dl_iterate_phdr (cfi.c iterates the objects too). */
  o.ilo = s->min_entry;
  o.ihi = s->max_entry ? s->max_entry + 1 : 0;
  uintptr_t self = (uintptr_t) alaska_code_kind;
  if (self >= o.lo && self < o.hi) {
    o.runtime = 1;
    o.ilo = o.lo;
    o.ihi = o.hi;
  }
  if (s->t->n == s->cap) {
    s->cap *= 2;
    struct table *t = realloc(s->t, sizeof *t + s->cap * sizeof(struct object));
    if (!t)
      alaska_fatal("out of memory listing the loaded objects");
    s->t = t;
  }
  s->t->o[s->t->n++] = o;
  return 0;
}

static void publish(const struct object *main_program)
{
  static struct alaska_instrumented_text *text;
  if (!text)
    text = dlsym(RTLD_DEFAULT, ALASKA_INSTRUMENTED_TEXT);
  if (!text)
    text = &alaska_instrumented_text;
  uint64_t lo = main_program->ilo, span = main_program->ihi - main_program->ilo;
  /* A reader that sees one field new and one old finds nothing inside
   * and takes the trampoline, which is right anyway. */
  __atomic_store_n(&text->foreign_call, (uint64_t) (uintptr_t) alaska_foreign_call,
                   __ATOMIC_RELEASE);
  __atomic_store_n(&text->span, 0, __ATOMIC_RELEASE);
  __atomic_store_n(&text->lo, lo, __ATOMIC_RELEASE);
  __atomic_store_n(&text->span, span, __ATOMIC_RELEASE);
}

/* Rebuild the table (table_lock held). */
static void rebuild(void)
{
  struct scan s = { malloc(sizeof(struct table) + 16 * sizeof(struct object)), 16, 0, 0 };
  if (!s.t)
    alaska_fatal("out of memory listing the loaded objects");
  s.t->n = 0;
  built_closes = atomic_load(&closes);
  dl_iterate_phdr(each_object, &s);
  for (size_t i = 0; i < s.t->n; i++) {
    struct object *o = &s.t->o[i];
    int reg;
    int64_t off;
    uintptr_t start, end, lo = o->ilo, hi = o->ihi;
    if (!hi || o->runtime)
      continue;
    if (!alaska_cfa_rule(lo, &reg, &off, &start, &end))
      o->ilo = start;
    if (!alaska_cfa_rule(hi - 1, &reg, &off, &start, &end))
      o->ihi = end;
  }
  if (s.t->n)
    publish(&s.t->o[0]);        /* dl_iterate_phdr lists the program first */
  /* Readers may still hold the old table: it is not freed. */
  atomic_store_explicit(&current, s.t, memory_order_release);
  built = 1;
}

static int adds_changed(struct dl_phdr_info *info, size_t size, void *data)
{
  (void) size;
  *(int *) data = info->dlpi_adds != built_adds;
  return 1;
}

/* The object containing pc, or NULL. */
static const struct object *find(const struct table *t, uintptr_t pc)
{
  for (size_t i = 0; t && i < t->n; i++)
    if (pc >= t->o[i].lo && pc < t->o[i].hi)
      return &t->o[i];
  return NULL;
}

/* The object of this thread's last lookup, in the table it came from. */
static __thread const struct object *last_object __attribute__((tls_model("initial-exec")));
static __thread const struct table *last_table __attribute__((tls_model("initial-exec")));

enum alaska_code alaska_code_kind(uintptr_t pc)
{
  const struct table *t = atomic_load_explicit(&current, memory_order_acquire);
  const struct object *o = last_object;
  if (!(t == last_table && o && pc >= o->lo && pc < o->hi))
    o = find(t, pc);
  if (!o || atomic_load_explicit(&closes, memory_order_relaxed) != built_closes) {
    pthread_mutex_lock(&table_lock);
    int changed = 1;
    if (built && atomic_load(&closes) == built_closes)
      dl_iterate_phdr(adds_changed, &changed);
    if (changed)
      rebuild();
    t = atomic_load_explicit(&current, memory_order_acquire);
    pthread_mutex_unlock(&table_lock);
    o = find(t, pc);
  }
  last_table = t;
  last_object = o;
  if (!o)
    return ALASKA_CODE_OTHER;
  if (pc >= o->ilo && pc < o->ihi)
    return ALASKA_CODE_INSTRUMENTED;
  return o->c_library ? ALASKA_CODE_C_LIBRARY : ALASKA_CODE_OTHER;
}

/* dlclose may unmap an object whose addresses the next one reuses. */
ALASKA_API int dlclose(void *handle)
{
  static int (*real)(void *);
  if (!real)
    real = (int (*)(void *)) dlsym(RTLD_NEXT, "dlclose");
  int r = real(handle);
  atomic_fetch_add(&closes, 1);
  return r;
}
