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
 *   - functions that keep, free or reallocate what they are given, or read
 *     pointers inside structures (getline, strtok, writev, execv, ...): the
 *     plugin redirects them to handle-aware wrappers in libalaska.
 * The wrapper list itself is part of the ABI (ALASKA_WRAPPERS). */
#include "alaska-abi.h"
#include "gcc-common.h"
#include "libc-model.h"

static const struct { const char *name; int arg; } result_into_arg[] = {
  { "memcpy", 0 }, { "memmove", 0 }, { "memset", 0 }, { "mempcpy", 0 },
  { "strcpy", 0 }, { "strncpy", 0 }, { "stpcpy", 0 }, { "stpncpy", 0 },
  { "strcat", 0 }, { "strncat", 0 }, { "memccpy", 0 },
  { "strchr", 0 }, { "strrchr", 0 }, { "strchrnul", 0 }, { "index", 0 },
  { "rindex", 0 }, { "strstr", 0 }, { "strcasestr", 0 }, { "strpbrk", 0 },
  { "memchr", 0 }, { "memrchr", 0 }, { "rawmemchr", 0 }, { "memmem", 0 },
  { "wmemcpy", 0 }, { "wmemmove", 0 }, { "wmemset", 0 }, { "wcscpy", 0 },
  { "wcsncpy", 0 }, { "wcscat", 0 }, { "wcsncat", 0 }, { "wcschr", 0 },
  { "wcsrchr", 0 }, { "wcsstr", 0 }, { "wcspbrk", 0 }, { "wmemchr", 0 },
  { "fgets", 0 }, { "fgets_unlocked", 0 }, { "fgetws", 0 },
  { "getcwd", 0 }, { "realpath", 1 }, { "ctime_r", 1 }, { "asctime_r", 1 },
  { "inet_ntop", 2 }, { "bsearch", 1 }, { "lfind", 1 }, { "lsearch", 1 },
  { "wcpcpy", 0 }, { "wcpncpy", 0 }, { "wmempcpy", 0 },
  { "gmtime_r", 1 }, { "localtime_r", 1 }, { "strptime", 0 }, { "gcvt", 2 },
  { "if_indextoname", 1 }, { "getwd", 0 },
  /* GNU basename; not POSIX's (__xpg_basename) nor dirname, which may
   * return a static ".". */
  { "basename", 0 },
  { "__builtin___memcpy_chk", 0 }, { "__builtin___memmove_chk", 0 },
  { "__builtin___memset_chk", 0 }, { "__builtin___strcpy_chk", 0 },
  { "__builtin___strncpy_chk", 0 }, { "__builtin___strcat_chk", 0 },
  { "__builtin___strncat_chk", 0 }, { "__builtin___stpcpy_chk", 0 },
  { "__builtin___mempcpy_chk", 0 }, { "__builtin___stpncpy_chk", 0 },
  { "__memcpy_chk", 0 }, { "__memmove_chk", 0 }, { "__memset_chk", 0 },
  { "__strcpy_chk", 0 }, { "__strncpy_chk", 0 }, { "__strcat_chk", 0 },
  { "__strncat_chk", 0 }, { "__stpcpy_chk", 0 }, { "__mempcpy_chk", 0 },
  { "__fgets_chk", 0 }, { "__getcwd_chk", 0 }, { "__realpath_chk", 1 },
};

/* Functions that return at once, without blocking, an address in the C
 * library's thread data, and how many levels of pointers from there are
 * the library's: 1, the result (errno's location); 2, the result and the
 * pointer stored where it points (ctype's `(*__ctype_b_loc ())[c]', in
 * every isalpha and tolower). */
static const struct { const char *name; int levels; } libc_memory[] = {
  { "__errno_location", 1 }, { "__h_errno_location", 1 },
  { "__ctype_b_loc", 2 }, { "__ctype_tolower_loc", 2 }, { "__ctype_toupper_loc", 2 },
};

static const struct { const char *name; unsigned arg; } cookies[] = {
  { "pthread_create", 3 }, { "pthread_setspecific", 1 },
  { "tsearch", 0 }, { "tfind", 0 }, { "tdelete", 0 },
  { "on_exit", 1 }, { "__cxa_atexit", 1 }, { "qsort_r", 4 },
  { "dl_iterate_phdr", 1 }, { "twalk_r", 2 }, { "pthread_once", 0 },
  /* GCC's own: returns its argument, touches no memory (GCC adds it after
   * posix_memalign); a translated argument would leave a raw pointer. */
  { "assume_aligned", 0 },
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
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  if (*name == '*')
    name++;
  if (!strncmp (name, "__builtin_", 10) && !strstr (name, "_chk"))
    name += 10;
  return name;
}

int alaska_result_points_into_arg (const char *name)
{
  for (auto &r : result_into_arg)
    if (!strcmp (r.name, name))
      return r.arg;
  return -1;
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

static unsigned HOST_WIDE_INT cookie_args (const char *name)
{
  unsigned HOST_WIDE_INT mask = 0;
  for (auto &c : cookies)
    if (c.arg < HOST_BITS_PER_WIDE_INT && !strcmp (c.name, name))
      mask |= HOST_WIDE_INT_1U << c.arg;
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
  return (name ? cookie_args (name) : 0) | printed_pointer_args (call);
}
