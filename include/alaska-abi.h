/* SPDX-License-Identifier: MIT */
/* alaska-abi.h: the ABI between the gcc-alaska compiler plugin and libalaska.
 *
 * This header is the only place where the plugin (gcc-plugin/) and the
 * runtime (libalaska/) meet.  Everything the plugin emits into object files
 * -- calls, the inline translation sequence, section names and record
 * layouts -- is defined here, and both sides include it.  It is plain C and
 * valid C++, with no dependencies beyond <stdint.h>.
 *
 * Changing anything here is an ABI break: bump ALASKA_ABI_VERSION and the
 * library SONAME.
 */
#ifndef ALASKA_ABI_H
#define ALASKA_ABI_H

#include <stdint.h>

#define ALASKA_ABI_VERSION 5

/* ------------------------------------------------------------------------
 * Handle representation (64 bits):
 *
 *   63  62                    32 31                     0
 *   [1][ handle ID (31 bits)    ][ offset (32 bits)      ]
 *
 * Bit 63 set means "handle"; clear means "raw pointer", which translation
 * passes through unchanged.  Pointer arithmetic on a handle moves the
 * offset, so an object addressable through a handle is smaller than
 * 2^32 bytes (its one-past-the-end offset must still fit).
 */
#define ALASKA_HANDLE_BIT        (UINT64_C(1) << 63)
#define ALASKA_ID_SHIFT          32
#define ALASKA_ID_BITS           31
#define ALASKA_MAX_HANDLES       (UINT64_C(1) << ALASKA_ID_BITS)
#define ALASKA_OFFSET_MASK       UINT64_C(0xffffffff)
#define ALASKA_MAX_OBJECT_SIZE   ALASKA_OFFSET_MASK  /* larger: raw malloc */

/* ------------------------------------------------------------------------
 * The handle table: one 8-byte slot for each value of v >> 32, that is 2^32
 * slots at the fixed address ALASKA_TABLE_ORIGIN.  The lower half, the
 * slots of raw pointers (bit 63 clear), always holds 0; the upper half
 * holds the entries of the 2^31 handle IDs, from ALASKA_TABLE_BASE.  The
 * entry of a live handle is its backing address minus the handle's base,
 * ALASKA_HANDLE_BASE (id), modulo 2^64, so translating any 64-bit value v
 * is one load and one add:
 *
 *     v + *(uint64_t *) (ALASKA_TABLE_ORIGIN + (v >> 32) * 8)
 *
 * which gives the backing address plus the offset for a handle and v
 * itself for a raw pointer.  On x86-64 that is 3 instructions with no
 * branch (mov, shr, load with a scaled index and a 32-bit displacement),
 * and the add folds into the address of the access itself (base + index).
 * The whole range is reserved at start-up (demand-paged, the raw half
 * read-only), so translating any value, even one that is never
 * dereferenced, cannot fault.
 *
 * An entry that is 0 (ALASKA_ENTRY_FREE: the ID is free, or was never
 * handed out) translates a handle to the handle itself, an address with
 * bit 63 set, which no user-space access can reach: a use after free
 * faults.  A page of the table whose entries are all free may therefore be
 * given back to the kernel, and reads as zeros again.  Backing memory may
 * lie anywhere: libalaska reserves the backing region below at start-up,
 * sized then (ALASKA_HEAP_SIZE, alaska(7)).
 */
/* Below 2 GiB, so the origin is an x86-64 32-bit displacement; above
 * 0x58000000, where valgrind loads its tools, so programs run under it. */
#define ALASKA_TABLE_ORIGIN      UINT64_C(0x70000000)
#define ALASKA_ENTRY_SIZE        8
#define ALASKA_TABLE_SPAN        ((UINT64_C(1) << 32) * ALASKA_ENTRY_SIZE)
#define ALASKA_TABLE_BASE        (ALASKA_TABLE_ORIGIN + (ALASKA_HANDLE_BIT >> ALASKA_ID_SHIFT) * ALASKA_ENTRY_SIZE)
#define ALASKA_TABLE_SIZE        (ALASKA_MAX_HANDLES * ALASKA_ENTRY_SIZE)
#define ALASKA_ENTRY_FREE        UINT64_C(0)
#define ALASKA_HANDLE_BASE(id)   (ALASKA_HANDLE_BIT | ((uint64_t) (id) << ALASKA_ID_SHIFT))

/* The backing region: from ALASKA_BACKING_BASE, above the table (low, so
 * that memcheck's fast shadow map covers the first tens of GiB of heap),
 * and ending at ALASKA_BACKING_LIMIT at most.  libalaska reserves it at
 * start-up, inaccessible; services take their memory from it (alaska.h). */
#define ALASKA_BACKING_BASE      UINT64_C(0x900000000)      /* 36 GiB */
#define ALASKA_BACKING_LIMIT     UINT64_C(0x400000000000)   /* 64 TiB */

/* ------------------------------------------------------------------------
 * Runtime entry points the plugin redirects calls to.  Each has the
 * signature of the libc function it replaces (ALASKA_REPLACEMENTS lists
 * them as X(libc name, runtime name)).
 */
#define ALASKA_REPLACEMENTS(X)                          \
  X(malloc,             halloc)                         \
  X(calloc,             hcalloc)                        \
  X(realloc,            hrealloc)                       \
  X(reallocarray,       hreallocarray)                  \
  X(free,               hfree)                          \
  X(aligned_alloc,      haligned_alloc)                 \
  X(posix_memalign,     hposix_memalign)                \
  X(memalign,           hmemalign)                      \
  X(valloc,             hvalloc)                        \
  X(pvalloc,            hpvalloc)                       \
  X(malloc_usable_size, halloc_usable_size)             \
  X(strdup,             hstrdup)                        \
  X(strndup,            hstrndup)

/* Handle-aware wrappers in libalaska for C library functions that keep,
 * free or reallocate pointers they are given, return pointers into state
 * they keep, or read pointers inside structures.  The plugin redirects
 * calls of the libc name to the wrapper, which takes handles as they are
 * and has the libc function's signature.  X(libc name, wrapper name). */
#define ALASKA_WRAPPERS(X)                            \
  X(strtok,        alaska_strtok)                     \
  X(strtok_r,      alaska_strtok_r)                   \
  X(strsep,        alaska_strsep)                     \
  X(strtol,        alaska_strtol)                     \
  X(strtoul,       alaska_strtoul)                    \
  X(strtoll,       alaska_strtoll)                    \
  X(strtoull,      alaska_strtoull)                   \
  X(strtod,        alaska_strtod)                     \
  X(strtof,        alaska_strtof)                     \
  X(strtold,       alaska_strtold)                    \
  X(strerror_r,    alaska_strerror_r)                 \
  X(dirname,       alaska_dirname)                    \
  X(__xpg_basename, alaska_xpg_basename)              \
  X(getline,       alaska_getline)                    \
  X(getdelim,      alaska_getdelim)                   \
  X(__getdelim,    alaska_getdelim)                   \
  X(putenv,        alaska_putenv)                     \
  X(setvbuf,       alaska_setvbuf)                    \
  X(setbuf,        alaska_setbuf)                     \
  X(setbuffer,     alaska_setbuffer)                  \
  X(writev,        alaska_writev)                     \
  X(readv,         alaska_readv)                      \
  X(pwritev,       alaska_pwritev)                    \
  X(preadv,        alaska_preadv)                     \
  X(sendmsg,       alaska_sendmsg)                    \
  X(recvmsg,       alaska_recvmsg)                    \
  X(__cmsg_nxthdr, alaska___cmsg_nxthdr)              \
  X(pwritev64,     alaska_pwritev64)                  \
  X(preadv64,      alaska_preadv64)                   \
  X(pwritev2,      alaska_pwritev2)                   \
  X(preadv2,       alaska_preadv2)                    \
  X(pwritev64v2,   alaska_pwritev64v2)                \
  X(preadv64v2,    alaska_preadv64v2)                 \
  X(vmsplice,      alaska_vmsplice)                   \
  X(process_vm_readv, alaska_process_vm_readv)        \
  X(process_vm_writev, alaska_process_vm_writev)      \
  X(sendmmsg,      alaska_sendmmsg)                   \
  X(recvmmsg,      alaska_recvmmsg)                   \
  X(execv,         alaska_execv)                      \
  X(execve,        alaska_execve)                     \
  X(execvp,        alaska_execvp)                     \
  X(execvpe,       alaska_execvpe)                    \
  X(fexecve,       alaska_fexecve)                    \
  X(execveat,      alaska_execveat)                   \
  X(posix_spawn,   alaska_posix_spawn)                \
  X(posix_spawnp,  alaska_posix_spawnp)               \
  X(getopt,        alaska_getopt)                     \
  X(getopt_long,   alaska_getopt_long)                \
  X(getopt_long_only, alaska_getopt_long_only)        \
  X(__posix_getopt, alaska_posix_getopt)              \
  X(regfree,       alaska_regfree)                    \
  X(hasmntopt,     alaska_hasmntopt)                  \
  X(argz_extract,  alaska_argz_extract)               \
  X(hsearch,       alaska_hsearch)                    \
  X(hsearch_r,     alaska_hsearch_r)                  \
  X(insque,        alaska_insque)                     \
  X(remque,        alaska_remque)                     \
  X(argp_parse,    alaska_argp_parse)                 \
  X(argp_help,     alaska_argp_help)                  \
  X(dn_comp,       alaska_dn_comp)                    \
  X(ns_name_compress, alaska_ns_name_compress)        \
  X(ns_name_pack,  alaska_ns_name_pack)               \
  X(getsubopt,    alaska_getsubopt)                   \
  X(fts_open,     alaska_fts_open)                    \
  X(fts64_open,   alaska_fts64_open)                  \
  X(argz_create,  alaska_argz_create)                 \
  X(putgrent,     alaska_putgrent)                    \
  X(putsgent,     alaska_putsgent)                    \
  X(backtrace_symbols, alaska_backtrace_symbols)      \
  X(backtrace_symbols_fd, alaska_backtrace_symbols_fd)\
  X(printf_size,  alaska_printf_size)                 \
  X(glob,         alaska_glob)                        \
  X(glob64,       alaska_glob64)                      \
  /* lists of asynchronous requests */                \
  X(getaddrinfo_a, alaska_getaddrinfo_a)              \
  X(gai_suspend,   alaska_gai_suspend)                \
  X(lio_listio,    alaska_lio_listio)                 \
  X(lio_listio64,  alaska_lio_listio)                 \
  X(aio_suspend,   alaska_aio_suspend)                \
  X(aio_suspend64, alaska_aio_suspend)                \
  /* va_list functions: pointers inside the va_list */\
  X(vprintf, alaska_vprintf)                          \
  X(vfprintf, alaska_vfprintf)                        \
  X(vdprintf, alaska_vdprintf)                        \
  X(vsprintf, alaska_vsprintf)                        \
  X(vsnprintf, alaska_vsnprintf)                      \
  X(vasprintf, alaska_vasprintf)                      \
  X(vsyslog, alaska_vsyslog)                          \
  X(vwarn, alaska_vwarn)                              \
  X(vwarnx, alaska_vwarnx)                            \
  X(verr, alaska_verr)                                \
  X(verrx, alaska_verrx)                              \
  X(__vprintf_chk, alaska_vprintf_chk)                \
  X(__vfprintf_chk, alaska_vfprintf_chk)              \
  X(__vsprintf_chk, alaska_vsprintf_chk)              \
  X(__vsnprintf_chk, alaska_vsnprintf_chk)            \
  X(__vasprintf_chk, alaska_vasprintf_chk)            \
  X(__vdprintf_chk, alaska_vdprintf_chk)              \
  X(__vsyslog_chk, alaska_vsyslog_chk)                \
  X(vsscanf, alaska_vsscanf)                          \
  X(vfscanf, alaska_vfscanf)                          \
  X(vscanf, alaska_vscanf)                            \
  X(__isoc99_vsscanf, alaska_isoc99_vsscanf)          \
  X(__isoc99_vfscanf, alaska_isoc99_vfscanf)          \
  X(__isoc99_vscanf, alaska_isoc99_vscanf)           \
  X(vfwprintf, alaska_vfwprintf)                     \
  X(vswprintf, alaska_vswprintf)                     \
  X(vwprintf, alaska_vwprintf)                       \
  X(__vfwprintf_chk, alaska_vfwprintf_chk)           \
  X(__vswprintf_chk, alaska_vswprintf_chk)           \
  X(__vwprintf_chk, alaska_vwprintf_chk)             \
  X(vfwscanf, alaska_vfwscanf)                       \
  X(vswscanf, alaska_vswscanf)                       \
  X(vwscanf, alaska_vwscanf)                         \
  X(__isoc99_vfwscanf, alaska_isoc99_vfwscanf)       \
  X(__isoc99_vswscanf, alaska_isoc99_vswscanf)       \
  X(__isoc99_vwscanf, alaska_isoc99_vwscanf)         \
  X(obstack_vprintf, alaska_obstack_vprintf)         \
  X(__obstack_vprintf_chk, alaska_obstack_vprintf_chk)

/* Before a call into another library than the C library, which may keep
 * the pointers it is given, the plugin calls this runtime function,
 * void (const void *handle), for each handle it translates for the call:
 * the object is pinned until it is freed. */
#define ALASKA_KEEP_FN "alaska_keep"

/* A function of the program that returns a pointer and whose address it
 * passes to another library than the C library (a callback, such as the
 * allocation hooks of GMP's mp_set_memory_functions) is given there as an
 * export thunk, which returns ALASKA_EXPORT_FN (its result) instead,
 * void *(void *): a handle's object is then pinned until it is freed, and
 * its translated address is returned.  hfree, hrealloc and
 * halloc_usable_size accept such an address in place of the handle, and
 * report any other address in the backing region as an error.  (Added
 * within ABI 4: an object file that calls it does not link against a
 * libalaska without it.) */
#define ALASKA_EXPORT_FN "alaska_export"

/* A call to a function that the plugin treats as external only because the
 * C library exports its name, declared outside system headers (K&R code,
 * gnulib's replacement headers), goes through a local thunk whose body is
 * `return &OWN ? OWN (...) : f (...);', where OWN is ALASKA_OWN_PREFIX
 * followed by f's name, a weak reference.  The driver's linker
 * (alaska-ld) defines OWN as f when an instrumented object of the link
 * defines f (gnulib's obstack.c defines _obstack_free), so that its calls
 * pass handles as they are; otherwise OWN is null and the call is an
 * external one. */
#define ALASKA_OWN_PREFIX "__alaska_own_"

/* Marshalling at a call into code the plugin did not compile, for the
 * pointers such code reads or writes through its arguments: the slot a
 * `T **' parameter points at (iconv's buffers, getsubopt's option string)
 * and the pointer members of a structure a parameter points at (zlib's
 * next_in and next_out).  For each such slot the plugin loads its value
 * (keeping it in the caller's pin set until the call is over) and fills
 * one struct alaska_marshal_slot; then, around the call:
 *   ALASKA_MARSHAL_IN_FN,
 *   size_t (struct alaska_marshal_slot *, unsigned long n):
 *     where `slot' is not null and `handle' is a live handle (bit 63 set,
 *     its entry not ALASKA_ENTRY_FREE), stores its translation
 *     in *slot and in `raw'; otherwise sets `raw' to `handle' and leaves
 *     *slot alone.  Returns how many entries have `raw' != `handle'; when
 *     none has, the plugin passes n = 0 to ALASKA_MARSHAL_OUT_FN.
 *   ALASKA_MARSHAL_OUT_FN,
 *   void (struct alaska_marshal_slot *, unsigned long n), after the call: for each slot
 *     whose value is now an address within (or one past) the object of an
 *     entry that was translated, stores that entry's handle plus the
 *     address's offset; leaves null, handles and other addresses alone.
 * Entries with a null `slot' and `raw' set by the plugin name objects of
 * the call's translated arguments, to which slots may point afterwards
 * (getpwnam_r's members point into its buffer).
 * ALASKA_MARSHAL_ARRAY_FN, void (const void *const *array, const char *fn):
 *   before a call that passes an array of pointers whose length the plugin
 *   cannot know (a `T *const *' parameter), stops the program with a
 *   message naming fn if the array's first element is a live handle.
 * ALASKA_MARSHAL_FREED_FN, void (const void *const *where, const char *fn):
 *   before a call to a C library function that frees or reallocates the
 *   pointer stored where a `T **' parameter points (argz_add, envz_add:
 *   tools/libc-behaviour.txt's FREES and REALLOCS), stops the program with
 *   a message naming fn if that pointer is a live handle.
 * (Added within ABI 4: an object file that calls them does not link
 * against a libalaska without them.)
 * ALASKA_MARSHAL_DEEP_FN,
 * void (const void *where, unsigned long offset, unsigned arg, const char *fn):
 *   before a call, for each place one level below a slot that marshalling
 *   does not reach (the pointer where a slot's value points, if that is a
 *   `T *' itself, or the pointer members of the structure it points to:
 *   wordexp_t's we_wordv[0], struct mmsghdr's msg_iov->iov_base), with
 *   `where' the slot's value before the call: stops the program with a
 *   message naming fn and arg (1-based) if the pointer at where + offset
 *   is a live handle.  It reads there only when `where' is a live handle
 *   or the address of a kept object (within its object), or lies in the
 *   calling thread's stack above the caller's frame; other memory is left
 *   unread.  (Added within ABI 5.)
 * ALASKA_MARSHAL_OUT_ARRAY_FN,
 * void (struct alaska_marshal_slot *m, unsigned long n, unsigned long s):
 *   after a call, before ALASKA_MARSHAL_OUT_FN, for slot s of an
 *   out-parameter whose type points to a pointer (getgrnam_r's gr_mem):
 *   if its value is an address inside the object of an entry of m that
 *   was translated, the pointers of the array there, up to a null one or
 *   the object's end, that point into such an object become that entry's
 *   handle plus offset.
 * ALASKA_MARSHAL_LIBC_FN, void (const void *p, unsigned arg, const char *fn):
 *   before a call that must be given an object the C library allocated
 *   (freeaddrinfo's list, fts_read's FTS: LIBC_MEMORY argN), stops the
 *   program with a message naming fn and arg (1-based) if p is a live
 *   handle that is not kept (a kept object was given to the library to
 *   keep: res_ninit's state).  (Both added within ABI 5.) */
struct alaska_marshal_slot {
  void **slot;                  /* where the pointer is; null: none */
  void *handle;                 /* its value before the call */
  void *raw;                    /* its value during the call */
};
#define ALASKA_MARSHAL_IN_FN     "alaska_marshal_in"
#define ALASKA_MARSHAL_OUT_FN    "alaska_marshal_out"
#define ALASKA_MARSHAL_ARRAY_FN  "alaska_marshal_array"
#define ALASKA_MARSHAL_FREED_FN  "alaska_marshal_freed"
#define ALASKA_MARSHAL_DEEP_FN   "alaska_marshal_deep"
#define ALASKA_MARSHAL_OUT_ARRAY_FN "alaska_marshal_out_array"
#define ALASKA_MARSHAL_LIBC_FN   "alaska_marshal_libc"

/* Indirect calls.  Instrumented code calls a function pointer f as it is
 * when f - lo < span, for the lo and span of ALASKA_INSTRUMENTED_TEXT (a
 * struct alaska_instrumented_text, which libalaska fills with the range
 * of the main program's instrumented functions; zero until then).  Any
 * other f is called as the trampoline ALASKA_FOREIGN_CALL_FN, whose
 * address is the variable's foreign_call (so that no lazily bound PLT
 * entry, which may clobber %r10, comes between), with the arguments as
 * for f and f itself in the static-chain register (%r10).  The trampoline
 * passes the call on unchanged when f is instrumented (in an instrumented
 * shared object); otherwise it translates every integer argument register
 * holding a live handle, pins those objects until f returns, calls f and
 * returns its result.  (Added within ABI 4.) */
#define ALASKA_INSTRUMENTED_TEXT "alaska_instrumented_text"
#define ALASKA_FOREIGN_CALL_FN   "alaska_foreign_call"
struct alaska_instrumented_text { uint64_t lo, span, foreign_call; };

/* ------------------------------------------------------------------------
 * Object-file records.
 *
 * Every object file compiled by the plugin references ALASKA_ABI_SYMBOL, a
 * variable libalaska defines: linking fails with "undefined reference to
 * alaska_abi_5" against a runtime of another ABI, and --as-needed keeps
 * libalaska linked (its constructor maps the handle table that translated
 * code reads).
 *
 * It also carries ELF notes (section ALASKA_NOTE_SECTION, owner
 * ALASKA_NOTE_OWNER, loaded with the program's PT_NOTE segments) whose
 * descriptor is a NUL-terminated function (assembler) name:
 *   ALASKA_NOTE_DEFINES: this object defines the public function, and the
 *     plugin compiled it;
 *   ALASKA_NOTE_ASSUMES: this object passes handles to the function,
 *     assuming the plugin compiled it in another unit.
 *   ALASKA_NOTE_ASSUMES_STACK: besides, some of those calls pass
 *     arguments on the stack (more than six integer-class words, or an
 *     aggregate larger than 16 bytes), which alaska-gcc's link-time thunks
 *     cannot translate (added within ABI 4; readers ignore unknown types).
 * libalaska checks at start-up that every assumed function is defined by
 * some instrumented object, and warns naming each one that is not.
 */
#define ALASKA_ABI_SYMBOL        alaska_abi_5
#define ALASKA_ABI_SYMBOL_NAME   "alaska_abi_5"
#define ALASKA_NOTE_SECTION      ".note.alaska"
#define ALASKA_NOTE_OWNER        "Alaska"
#define ALASKA_NOTE_DEFINES      1
#define ALASKA_NOTE_ASSUMES      2
#define ALASKA_NOTE_SAFEPOINT    3
#define ALASKA_NOTE_ASSUMES_STACK 4
#define ALASKA_NOTE_FUNCTION     5

/* ------------------------------------------------------------------------
 * Safepoints.  The plugin puts a 5-byte NOP (ALASKA_SAFEPOINT_NOP) at the
 * entry of every instrumented function, at the end of every loop latch and
 * before every call into uninstrumented code.  To stop the world the
 * runtime turns its second byte into ALASKA_SAFEPOINT_TRAP_BYTE, making it
 * `ud2': a thread that reaches one traps into the runtime, where its pin
 * sets are valid.
 *
 * Each safepoint has an ALASKA_NOTE_SAFEPOINT note whose descriptor is a
 * struct alaska_safepoint_note.  The address is PC-relative (no text
 * relocation in a PIE).  An entry safepoint also says where the function's
 * pin set is: `lea` holds the instruction `lea <pin set>, %rax` as the
 * assembler encoded it for the pin set's stack slot (zero when the
 * function has no pin set), from which the runtime takes the base register
 * and displacement, and relates them to the frame's CFA with the CFI of
 * .eh_frame at that address -- both of which survive `strip'.
 *
 * What a pin set's slots hold: a handle this call of the function stored,
 * or zero.  A frame stopped at its own entry safepoint has stored nothing
 * yet, and the runtime reads none of its slots; before that safepoint the
 * plugin clears every slot that some later stop point of the function may
 * be reached without a store to, so no slot is read holding what the stack
 * held before the call.  (Objects built without the clearing only leave
 * more objects pinned; the runtime's rule is safe for them too.)
 */
#define ALASKA_SAFEPOINT_NOP        "0x0f, 0x1f, 0x44, 0x00, 0x00"  /* nopl 0(%rax,%rax,1) */
#define ALASKA_SAFEPOINT_SIZE       5
#define ALASKA_SAFEPOINT_TRAP_BYTE  0x0b    /* byte 1: 0f 0b = ud2 */
#define ALASKA_SAFEPOINT_ENTRY      1
#define ALASKA_SAFEPOINT_LATCH      2
#define ALASKA_SAFEPOINT_CALL       3

/* Code built with -fplugin-arg-alaska-no-track has no safepoints: the
 * entry of each of its functions has an ALASKA_NOTE_FUNCTION note instead,
 * whose descriptor is a struct alaska_function_note, so that the runtime
 * knows it for instrumented code (indirect calls) all the same.  (Added
 * within ABI 5; older readers ignore it.) */
struct alaska_function_note {
  int32_t pc;                   /* the function's entry minus this field's */
};

struct alaska_safepoint_note {
  int32_t pc;                   /* the NOP's address minus this field's */
  uint16_t kind;                /* ALASKA_SAFEPOINT_ENTRY, _LATCH, _CALL */
  uint16_t pin_slots;           /* entry: the pin set's size in slots */
  uint8_t lea[8];               /* entry: `lea <pin set>, %rax', zero-padded */
};

#endif /* ALASKA_ABI_H */
