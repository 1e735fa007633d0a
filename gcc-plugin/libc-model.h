/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libc-model.h: what the plugin knows about particular external functions
 * (see libc-model.cc). */
#ifndef ALASKA_LIBC_MODEL_H
#define ALASKA_LIBC_MODEL_H

/* The name the C library knows fndecl by: its assembler name, which
 * glibc's headers redirect (strerror_r is __xpg_strerror_r without
 * _GNU_SOURCE, fortified fgets calls __fgets_alias, i.e. fgets), without
 * a "__builtin_" prefix; NULL for an unnamed declaration. */
const char *alaska_libc_name (tree fndecl);

/* The argument (0-based) whose object the function's pointer result points
 * into, or -1.  The plugin maps such results back to handle + offset. */
int alaska_result_points_into_arg (const char *libc_name);

/* Does the C library function keep the pointer given as argument ARG
 * (0-based) after it returns (tools/libc-behaviour.txt's KEEPS)?  The
 * plugin then keeps the object in place for good. */
bool alaska_libc_keeps_arg (const char *libc_name, unsigned arg);

/* Does it free or reallocate what argument ARG points to (FREES or
 * REALLOCS)?  Where that is a pointer stored through a `T **' argument,
 * the plugin checks at run time that it is no handle. */
bool alaska_libc_frees_arg (const char *libc_name, unsigned arg);

/* Is argument ARG an out-parameter (OUT): the callee writes the pointers
 * where it points without reading what was there?  Nothing below its
 * slots is checked before the call, and the null-terminated arrays of
 * pointers its slots point to in the call's objects are rebased after
 * (getgrnam_r's gr_mem in its buffer). */
bool alaska_libc_out_arg (const char *libc_name, unsigned arg);

/* Do the pointers the function follows from argument ARG lead only to
 * kept objects (KEPT_PTRS: an obstack's chunks)?  Nothing below its slots
 * is checked then. */
bool alaska_libc_kept_ptrs_arg (const char *libc_name, unsigned arg);

/* Does the function never follow the pointer members of the structure
 * argument ARG points to (READS_SCALARS: getaddrinfo's hints), or is that
 * structure the C library's own (LIBC_MEMORY argN: freeaddrinfo's list)?
 * Then it is not marshalled. */
bool alaska_libc_unfollowed_arg (const char *libc_name, unsigned arg);

/* Is argument ARG an object the C library allocated (LIBC_MEMORY argN)?
 * The plugin checks at run time that it is no handle. */
bool alaska_libc_own_arg (const char *libc_name, unsigned arg);

/* How many levels of pointers from the function's result point into the
 * C library's own memory, never handles: 1, the result; 2, the result
 * and the pointer stored where it points; 0 for most functions.  Such a
 * function returns at once: no safepoint goes before a call to it. */
int alaska_libc_memory_levels (const char *libc_name);

/* The arguments (bit i: argument i, for i < 64) of a call leaving
 * instrumented code that pass through untranslated, as handles:
 *  - cookies: arguments the function keeps only as an opaque value that it
 *    hands back to the program later, never dereferencing them;
 *  - the %p conversions of a printf-like call (format attribute, constant
 *    format): printf only prints their value, so a pointer prints, and
 *    reads back with scanf's %p, as the handle the program holds, however
 *    often its object moves. */
unsigned HOST_WIDE_INT alaska_handle_args (gcall *call);

/* The parameters (bit i: parameter i) of the function passed as argument
 * arg of a call to this function that it calls with raw pointers, into
 * objects the call was given translated (qsort's comparison); or 0. */
unsigned alaska_callback_raw_params (const char *libc_name, unsigned arg);

/* The function that takes a va_list where this variadic one takes its
 * variable arguments (printf: vprintf), or NULL. */
const char *alaska_va_list_version (const char *libc_name);

/* Is this variadic function's variable part one optional argument, an
 * integer or a pointer as its other arguments say (open's mode, fcntl's
 * and ioctl's third argument)? */
bool alaska_one_optional_arg (const char *libc_name);

/* The libalaska wrapper that replaces this function, or NULL. */
const char *alaska_wrapper_name (const char *libc_name);

/* Is this one of libalaska's handle-aware entry points (replacements and
 * wrappers), which take handles as they are? */
bool alaska_is_runtime_function (const char *name);

#endif
