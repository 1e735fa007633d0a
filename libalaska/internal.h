/* internal.h: declarations shared between libalaska's source files and not
 * exported from the library (the version script keeps them local). */
#ifndef ALASKA_INTERNAL_H
#define ALASKA_INTERNAL_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include "alaska.h"

#define ALASKA_API __attribute__((visibility("default")))
#define likely(x)   __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/* ---- options.c: the option table, read from ALASKA_<NAME> ---------- */
enum alaska_option_id {
  ALASKA_OPT_STATS,             /* bool: print statistics at exit */
  ALASKA_OPT_SERVICE,           /* string: backing memory service */
  ALASKA_OPT_VERBOSE,           /* bool: report start-up decisions */
  ALASKA_OPT_LINK_CHECK,        /* bool: check instrumentation notes at start-up */
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
void alaska_table_init(void);
uint32_t alaska_id_alloc(void);          /* ALASKA_NO_ID when the table is full */
void alaska_id_free(uint32_t id);
uint32_t alaska_ids_issued(void);        /* high-water mark of handed-out IDs */

static inline _Atomic uint64_t *alaska_entry(uint32_t id)
{
  return (_Atomic uint64_t *) (uintptr_t) (ALASKA_TABLE_BASE + (uint64_t) id * ALASKA_ENTRY_SIZE);
}
/* Entry values of live handles (alaska-abi.h): backing - handle base. */
static inline uint64_t alaska_entry_encode(uint32_t id, const void *backing)
{
  return (uint64_t) (uintptr_t) backing - ALASKA_HANDLE_BASE(id);
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
/* The backing address of handle h, checked: aborts with a message naming
 * `what` (the API call) if h is freed or was never allocated, or if h
 * does not point at the start of its object. */
void *alaska_checked_backing(const void *h, const char *what);

/* ---- va-format.c ------------------------------------------------------ */
#include <stdarg.h>
/* Translate, in place, the handles that libc will dereference among the
 * arguments of ap, as a printf or a scanf format says. */
void alaska_va_translate_printf(const char *fmt, va_list ap);
void alaska_va_translate_scanf(const char *fmt, va_list ap);

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

/* ---- link-check.c ----------------------------------------------------- */
void alaska_link_check(void);

/* ---- stats.c ---------------------------------------------------------- */
extern int alaska_stats_enabled;
void alaska_stats_alloc(size_t bytes);
void alaska_stats_free(size_t bytes);
void alaska_stats_resize(size_t old_bytes, size_t new_bytes);
void alaska_stats_raw_fallback(void);

#endif
