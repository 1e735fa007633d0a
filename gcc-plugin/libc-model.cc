/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libc-model.cc: the plugin's model of C library functions whose contract
 * involves pointers in ways that plain argument translation gets wrong:
 *   - results that point into an argument (strchr, memcpy, ...): the plugin
 *     rebuilds them as handle + offset;
 *   - cookie arguments that are stored and handed back, never dereferenced
 *     (pthread_create's arg, tsearch's key, __builtin_assume_aligned's
 *     pointer), and the values of printf's %p conversions: they stay
 *     handles;
 *   - callbacks that qsort, bsearch and the like call with pointers into
 *     the arrays they were given translated (raw-params.cc);
 *   - functions that return an address in the C library's own thread data
 *     (errno's, ctype's tables): their results, and for ctype the table
 *     pointers stored there, are never handles;
 *   - functions that keep what they are given (initstate, fmemopen, ...):
 *     the plugin keeps the object in place for good before the call;
 *   - functions that keep, free or reallocate what they are given, or read
 *     pointers inside structures (getline, strtok, writev, execv, ...): the
 *     plugin redirects them to handle-aware wrappers in libalaska.
 * Which function does what is tools/libc-behaviour.txt's (see below).
 * The wrapper list itself is part of the ABI (ALASKA_WRAPPERS). */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "libc-model.h"

/* What tools/libc-behaviour.txt says C library functions do with the
 * pointers they are given (libc-behaviour.def is generated from it):
 *   KEEPS: the object passed is kept for good (pinned) before the call;
 *   RESULT_INTO_ARG: the result is rebuilt as handle + offset;
 *   COOKIE: a pointer to a scalar or to void stays a handle (one to a
 *     structure is translated, its members being the cookies);
 *   FREES, REALLOCS: wrapped or replaced where supported; otherwise a
 *     pointer stored through a `T **' argument is checked at run time
 *     to be no handle (marshal.cc);
 *   OUT: an out-parameter, written and not read: its slots are not
 *     checked below before the call, and the arrays of pointers the
 *     callee leaves below them in the call's objects are rebased after;
 *   READS_SCALARS: the structure's pointer members are not followed: not
 *     marshalled;
 *   LIBC_MEMORY (with an argument): the argument is an object the C
 *     library allocated: not marshalled, and checked to be no handle;
 *   KEPT_PTRS: what the pointers there lead to is kept: nothing below
 *     the slots is checked. */
enum behaviour { BEHAVIOUR_KEEPS, BEHAVIOUR_FREES, BEHAVIOUR_REALLOCS,
                 BEHAVIOUR_RESULT_INTO_ARG, BEHAVIOUR_COOKIE, BEHAVIOUR_OUT,
                 BEHAVIOUR_READS_SCALARS, BEHAVIOUR_LIBC_MEMORY, BEHAVIOUR_KEPT_PTRS };
static const struct { const char *name; enum behaviour what; unsigned arg; } behaviours[] = {
#define ALASKA_BEHAVIOUR(name, what, arg) { name, BEHAVIOUR_##what, arg },
#include "libc-behaviour.def"
#undef ALASKA_BEHAVIOUR
};

/* GCC's own functions, not the C library's (so not in the annotation
 * file): the checking builtins return their destination; assume_aligned
 * returns its argument and touches no memory (GCC adds it after
 * posix_memalign), so a translated argument would leave a raw pointer. */
static const struct { const char *name; int arg; } gcc_result_into_arg[] = {
  { "__builtin___memcpy_chk", 0 }, { "__builtin___memmove_chk", 0 },
  { "__builtin___memset_chk", 0 }, { "__builtin___strcpy_chk", 0 },
  { "__builtin___strncpy_chk", 0 }, { "__builtin___strcat_chk", 0 },
  { "__builtin___strncat_chk", 0 }, { "__builtin___stpcpy_chk", 0 },
  { "__builtin___mempcpy_chk", 0 }, { "__builtin___stpncpy_chk", 0 },
};
static const char *const gcc_cookie0[] = { "assume_aligned" };

/* Functions that return at once, without blocking, an address in the C
 * library's thread data, and how many levels of pointers from there are
 * the library's: 1, the result (errno's location); 2, the result and the
 * pointer stored where it points (ctype's `(*__ctype_b_loc ())[c]', in
 * every isalpha and tolower). */
static const struct { const char *name; int levels; } libc_memory[] = {
  { "__errno_location", 1 }, { "__h_errno_location", 1 },
  { "__ctype_b_loc", 2 }, { "__ctype_tolower_loc", 2 }, { "__ctype_toupper_loc", 2 },
};

/* Functions that call the function given as argument `fn' with pointers
 * into objects they were given translated (qsort's array, or a copy of
 * it; the key and array of bsearch, lfind and lsearch): parameters `raw'
 * (bit i: parameter i) of the callback receive raw pointers.  qsort_r's
 * third parameter is its cookie. */
static const struct { const char *name; unsigned fn, raw; } sort_callbacks[] = {
  { "qsort", 3, 3 }, { "qsort_r", 3, 3 }, { "bsearch", 4, 3 },
  { "lfind", 4, 3 }, { "lsearch", 4, 3 },
};

static const struct { const char *libc, *wrapper; } wrappers[] = {
#define ALASKA_WRAPPER_PAIR(libc, wrapper) { #libc, #wrapper },
  ALASKA_WRAPPERS (ALASKA_WRAPPER_PAIR)
#undef ALASKA_WRAPPER_PAIR
};

static const char *const runtime_names[] = {
#define ALASKA_RUNTIME_NAME(libc, runtime) #runtime,
  ALASKA_REPLACEMENTS (ALASKA_RUNTIME_NAME)
  ALASKA_WRAPPERS (ALASKA_RUNTIME_NAME)
#undef ALASKA_RUNTIME_NAME
};

const char *alaska_libc_name (tree fndecl)
{
  if (!DECL_NAME (fndecl))
    return NULL;
  const char *name = alaska_asm_name (fndecl);
  if (!strncmp (name, "__builtin_", 10) && !strstr (name, "_chk"))
    name += 10;
  return name;
}

int alaska_result_points_into_arg (const char *name)
{
  for (auto &b : behaviours)
    if (b.what == BEHAVIOUR_RESULT_INTO_ARG && !strcmp (b.name, name))
      return b.arg;
  for (auto &r : gcc_result_into_arg)
    if (!strcmp (r.name, name))
      return r.arg;
  return -1;
}

bool alaska_libc_keeps_arg (const char *name, unsigned arg)
{
  for (auto &b : behaviours)
    if (b.what == BEHAVIOUR_KEEPS && b.arg == arg && !strcmp (b.name, name))
      return true;
  return false;
}

static bool stated (const char *name, unsigned arg, enum behaviour what)
{
  for (auto &b : behaviours)
    if (b.what == what && b.arg == arg && !strcmp (b.name, name))
      return true;
  return false;
}

bool alaska_libc_out_arg (const char *name, unsigned arg)
{
  return stated (name, arg, BEHAVIOUR_OUT);
}

bool alaska_libc_kept_ptrs_arg (const char *name, unsigned arg)
{
  return stated (name, arg, BEHAVIOUR_KEPT_PTRS);
}

bool alaska_libc_unfollowed_arg (const char *name, unsigned arg)
{
  return stated (name, arg, BEHAVIOUR_READS_SCALARS) || stated (name, arg, BEHAVIOUR_LIBC_MEMORY);
}

bool alaska_libc_own_arg (const char *name, unsigned arg)
{
  return stated (name, arg, BEHAVIOUR_LIBC_MEMORY);
}

bool alaska_libc_frees_arg (const char *name, unsigned arg)
{
  for (auto &b : behaviours)
    if ((b.what == BEHAVIOUR_FREES || b.what == BEHAVIOUR_REALLOCS) && b.arg == arg
        && !strcmp (b.name, name))
      return true;
  return false;
}

int alaska_libc_memory_levels (const char *name)
{
  if (!name)
    return 0;
  for (auto &m : libc_memory)
    if (!strcmp (m.name, name))
      return m.levels;
  return 0;
}

/* A cookie argument stays a handle unless its parameter is a structure or
 * points to one: then its pointer members are the cookies, and it is
 * translated.  (The argument's own type may be any pointer.) */
static bool cookie_kept_p (gcall *call, unsigned i)
{
  if (i >= gimple_call_num_args (call))
    return false;
  tree type = TREE_TYPE (gimple_call_arg (call, i));
  tree fntype = gimple_call_fntype (call);
  tree parm = fntype ? TYPE_ARG_TYPES (fntype) : NULL_TREE;
  for (unsigned k = 0; parm && k < i; k++)
    parm = TREE_CHAIN (parm);
  if (parm && TREE_VALUE (parm) != void_type_node)
    type = TREE_VALUE (parm);
  return POINTER_TYPE_P (type) && !AGGREGATE_TYPE_P (TREE_TYPE (type));
}

static unsigned HOST_WIDE_INT cookie_args (gcall *call, const char *name)
{
  unsigned HOST_WIDE_INT mask = 0;
  for (auto &b : behaviours)
    if (b.what == BEHAVIOUR_COOKIE && b.arg < HOST_BITS_PER_WIDE_INT
        && !strcmp (b.name, name) && cookie_kept_p (call, b.arg))
      mask |= HOST_WIDE_INT_1U << b.arg;
  for (const char *n : gcc_cookie0)
    if (!strcmp (n, name))
      mask |= 1;
  return mask;
}

/* The format and first variadic argument (1-based) of a printf-like
 * function type, from its format attribute; false if it has none. */
static bool printf_format (tree fntype, unsigned *fmt, unsigned *first)
{
  for (tree a = lookup_attribute ("format", TYPE_ATTRIBUTES (fntype)); a;
       a = lookup_attribute ("format", TREE_CHAIN (a)))
    {
      tree args = TREE_VALUE (a);
      const char *kind = IDENTIFIER_POINTER (TREE_VALUE (args));
      if (strcmp (kind, "printf") && strcmp (kind, "__printf__")
          && strcmp (kind, "gnu_printf") && strcmp (kind, "__gnu_printf__"))
        continue;
      *fmt = TREE_INT_CST_LOW (TREE_VALUE (TREE_CHAIN (args)));
      *first = TREE_INT_CST_LOW (TREE_VALUE (TREE_CHAIN (TREE_CHAIN (args))));
      return *first > 0;        /* 0: a va_list (vprintf), wrapped instead */
    }
  return false;
}

static unsigned HOST_WIDE_INT printed_pointer_args (gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  tree fntype = fndecl ? TREE_TYPE (fndecl) : gimple_call_fntype (call);
  unsigned fmt, next;
  if (!fntype || !printf_format (fntype, &fmt, &next) || fmt > gimple_call_num_args (call))
    return 0;
  const char *p = c_getstr (gimple_call_arg (call, fmt - 1));
  if (!p)
    return 0;
  unsigned HOST_WIDE_INT mask = 0;
  next--;                       /* 0-based from here */
  for (; *p; p++)
    {
      if (*p != '%' || *++p == '%')
        continue;
      const char *q = p;
      while (ISDIGIT (*q))
        q++;
      if (*q == '$')
        return 0;               /* positional: every argument translated */
      while (*p && strchr ("-+ #0'I", *p))
        p++;
      for (int part = 0; part < 2; part++)      /* width, then precision */
        {
          if (part == 1 && *p == '.')
            p++;
          else if (part == 1)
            break;
          if (*p == '*')
            next++, p++;
          while (ISDIGIT (*p))
            p++;
        }
      while (*p && strchr ("hlLqjzt", *p))
        p++;
      if (!*p)
        break;
      if (*p == 'm')
        continue;               /* strerror (errno): no argument */
      if (*p == 'p' && next < HOST_BITS_PER_WIDE_INT)
        mask |= HOST_WIDE_INT_1U << next;
      next++;
    }
  return mask;
}

unsigned alaska_callback_raw_params (const char *name, unsigned arg)
{
  for (auto &c : sort_callbacks)
    if (c.fn == arg && !strcmp (c.name, name))
      return c.raw;
  return 0;
}

/* Variadic functions and their va_list versions, which libalaska wraps
 * (ALASKA_WRAPPERS): a thunk for the address of the first calls the
 * second (external-thunks.cc). */
static const struct { const char *name, *va_list_version; } va_list_versions[] = {
  { "printf", "vprintf" }, { "fprintf", "vfprintf" }, { "dprintf", "vdprintf" },
  { "sprintf", "vsprintf" }, { "snprintf", "vsnprintf" }, { "asprintf", "vasprintf" },
  { "syslog", "vsyslog" }, { "warn", "vwarn" }, { "warnx", "vwarnx" },
  { "err", "verr" }, { "errx", "verrx" },
  { "__printf_chk", "__vprintf_chk" }, { "__fprintf_chk", "__vfprintf_chk" },
  { "__sprintf_chk", "__vsprintf_chk" }, { "__snprintf_chk", "__vsnprintf_chk" },
  { "__asprintf_chk", "__vasprintf_chk" }, { "__dprintf_chk", "__vdprintf_chk" },
  { "__syslog_chk", "__vsyslog_chk" },
  { "sscanf", "vsscanf" }, { "fscanf", "vfscanf" }, { "scanf", "vscanf" },
  { "__isoc99_sscanf", "__isoc99_vsscanf" }, { "__isoc99_fscanf", "__isoc99_vfscanf" },
  { "__isoc99_scanf", "__isoc99_vscanf" },
};

/* Variadic functions that read at most one variable argument, an int or
 * a pointer: a thunk for the address forwards one word as a pointer
 * (external-thunks.cc). */
static const char *const one_optional_arg[] = {
  "open", "open64", "openat", "openat64", "fcntl", "fcntl64", "ioctl",
};

bool alaska_one_optional_arg (const char *name)
{
  for (const char *n : one_optional_arg)
    if (!strcmp (n, name))
      return true;
  return false;
}

const char *alaska_va_list_version (const char *name)
{
  for (auto &v : va_list_versions)
    if (!strcmp (v.name, name))
      return v.va_list_version;
  return NULL;
}

const char *alaska_wrapper_name (const char *name)
{
  for (auto &w : wrappers)
    if (!strcmp (w.libc, name))
      return w.wrapper;
  return NULL;
}

bool alaska_is_runtime_function (const char *name)
{
  for (const char *r : runtime_names)
    if (!strcmp (r, name))
      return true;
  return !strncmp (name, "alaska_", 7);
}

unsigned HOST_WIDE_INT alaska_handle_args (gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  const char *name = fndecl ? alaska_libc_name (fndecl) : NULL;
  return (name ? cookie_args (call, name) : 0) | printed_pointer_args (call);
}
