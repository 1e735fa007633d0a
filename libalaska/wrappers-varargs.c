/* SPDX-License-Identifier: MIT */
/* wrappers-varargs.c: handle-aware versions of the C library functions
 * that take a va_list (vprintf, vsnprintf, vsscanf, vsyslog, verr, ...,
 * the wide vfwprintf and vswscanf families, obstack_vprintf, and their
 * _FORTIFY_SOURCE forms).  The pointers inside the va_list are
 * translated by va-format.c; the wrapper translates its direct pointer
 * arguments itself (the plugin hands them to libalaska as they are) and
 * calls libc. */
#define _GNU_SOURCE
#include <err.h>
#include <obstack.h>
#include <stdarg.h>
#include <stdio.h>
#include <syslog.h>
#include <wchar.h>
#include "internal.h"

#define T(p) ((__typeof__(p)) alaska_wrapper_pin(p))

/* glibc's fortified and C99-scanf entry points (<bits/stdio2.h> etc.). */
extern int __vprintf_chk(int flag, const char *fmt, va_list ap);
extern int __vfprintf_chk(FILE *fp, int flag, const char *fmt, va_list ap);
extern int __vsprintf_chk(char *s, int flag, size_t slen, const char *fmt, va_list ap);
extern int __vsnprintf_chk(char *s, size_t n, int flag, size_t slen, const char *fmt, va_list ap);
extern int __vasprintf_chk(char **sp, int flag, const char *fmt, va_list ap);
extern int __vdprintf_chk(int fd, int flag, const char *fmt, va_list ap);
extern void __vsyslog_chk(int pri, int flag, const char *fmt, va_list ap);
extern int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap);
extern int __isoc99_vfscanf(FILE *fp, const char *fmt, va_list ap);
extern int __isoc99_vscanf(const char *fmt, va_list ap);
extern int __vfwprintf_chk(FILE *fp, int flag, const wchar_t *fmt, va_list ap);
extern int __vswprintf_chk(wchar_t *s, size_t n, int flag, size_t slen, const wchar_t *fmt,
                           va_list ap);
extern int __vwprintf_chk(int flag, const wchar_t *fmt, va_list ap);
extern int __isoc99_vfwscanf(FILE *fp, const wchar_t *fmt, va_list ap);
extern int __isoc99_vswscanf(const wchar_t *s, const wchar_t *fmt, va_list ap);
extern int __isoc99_vwscanf(const wchar_t *fmt, va_list ap);
extern int __obstack_vprintf_chk(struct obstack *o, int flag, const char *fmt, va_list ap);

/* The va_list itself may live in a heap object (a handle): `a' is its
 * translation. */
#define PRINTF(fmt) \
  WRAPPER_SCOPE; const char *f = T(fmt); __typeof__(ap) a = T(ap); alaska_va_translate_printf(f, a)
#define SCANF(fmt) \
  WRAPPER_SCOPE; const char *f = T(fmt); __typeof__(ap) a = T(ap); alaska_va_translate_scanf(f, a)
#define WPRINTF(fmt) \
  WRAPPER_SCOPE; const wchar_t *f = T(fmt); __typeof__(ap) a = T(ap); \
  alaska_va_translate_wprintf(f, a)
#define WSCANF(fmt) \
  WRAPPER_SCOPE; const wchar_t *f = T(fmt); __typeof__(ap) a = T(ap); \
  alaska_va_translate_wscanf(f, a)

ALASKA_API int alaska_vprintf(const char *fmt, va_list ap)
{ PRINTF(fmt); return vprintf(f, a); }
ALASKA_API int alaska_vfprintf(FILE *fp, const char *fmt, va_list ap)
{ PRINTF(fmt); return vfprintf(T(fp), f, a); }
ALASKA_API int alaska_vdprintf(int fd, const char *fmt, va_list ap)
{ PRINTF(fmt); return vdprintf(fd, f, a); }
ALASKA_API int alaska_vsprintf(char *s, const char *fmt, va_list ap)
{ PRINTF(fmt); return vsprintf(T(s), f, a); }
ALASKA_API int alaska_vsnprintf(char *s, size_t n, const char *fmt, va_list ap)
{ PRINTF(fmt); return vsnprintf(T(s), n, f, a); }
ALASKA_API int alaska_vasprintf(char **sp, const char *fmt, va_list ap)
{ PRINTF(fmt); return vasprintf(T(sp), f, a); }   /* *sp: libc's memory */
ALASKA_API void alaska_vsyslog(int pri, const char *fmt, va_list ap)
{ PRINTF(fmt); vsyslog(pri, f, a); }
ALASKA_API void alaska_vwarn(const char *fmt, va_list ap)
{ PRINTF(fmt); vwarn(f, a); }
ALASKA_API void alaska_vwarnx(const char *fmt, va_list ap)
{ PRINTF(fmt); vwarnx(f, a); }
ALASKA_API void alaska_verr(int status, const char *fmt, va_list ap)
{ PRINTF(fmt); verr(status, f, a); }
ALASKA_API void alaska_verrx(int status, const char *fmt, va_list ap)
{ PRINTF(fmt); verrx(status, f, a); }

ALASKA_API int alaska_vprintf_chk(int flag, const char *fmt, va_list ap)
{ PRINTF(fmt); return __vprintf_chk(flag, f, a); }
ALASKA_API int alaska_vfprintf_chk(FILE *fp, int flag, const char *fmt, va_list ap)
{ PRINTF(fmt); return __vfprintf_chk(T(fp), flag, f, a); }
ALASKA_API int alaska_vsprintf_chk(char *s, int flag, size_t slen, const char *fmt, va_list ap)
{ PRINTF(fmt); return __vsprintf_chk(T(s), flag, slen, f, a); }
ALASKA_API int alaska_vsnprintf_chk(char *s, size_t n, int flag, size_t slen,
                                    const char *fmt, va_list ap)
{ PRINTF(fmt); return __vsnprintf_chk(T(s), n, flag, slen, f, a); }
ALASKA_API int alaska_vasprintf_chk(char **sp, int flag, const char *fmt, va_list ap)
{ PRINTF(fmt); return __vasprintf_chk(T(sp), flag, f, a); }
ALASKA_API int alaska_vdprintf_chk(int fd, int flag, const char *fmt, va_list ap)
{ PRINTF(fmt); return __vdprintf_chk(fd, flag, f, a); }
ALASKA_API void alaska_vsyslog_chk(int pri, int flag, const char *fmt, va_list ap)
{ PRINTF(fmt); __vsyslog_chk(pri, flag, f, a); }

ALASKA_API int alaska_vsscanf(const char *s, const char *fmt, va_list ap)
{ SCANF(fmt); return vsscanf(T(s), f, a); }
ALASKA_API int alaska_vfscanf(FILE *fp, const char *fmt, va_list ap)
{ SCANF(fmt); return vfscanf(T(fp), f, a); }
ALASKA_API int alaska_vscanf(const char *fmt, va_list ap)
{ SCANF(fmt); return vscanf(f, a); }
ALASKA_API int alaska_isoc99_vsscanf(const char *s, const char *fmt, va_list ap)
{ SCANF(fmt); return __isoc99_vsscanf(T(s), f, a); }
ALASKA_API int alaska_isoc99_vfscanf(FILE *fp, const char *fmt, va_list ap)
{ SCANF(fmt); return __isoc99_vfscanf(T(fp), f, a); }
ALASKA_API int alaska_isoc99_vscanf(const char *fmt, va_list ap)
{ SCANF(fmt); return __isoc99_vscanf(f, a); }

ALASKA_API int alaska_vfwprintf(FILE *fp, const wchar_t *fmt, va_list ap)
{ WPRINTF(fmt); return vfwprintf(T(fp), f, a); }
ALASKA_API int alaska_vswprintf(wchar_t *s, size_t n, const wchar_t *fmt, va_list ap)
{ WPRINTF(fmt); return vswprintf(T(s), n, f, a); }
ALASKA_API int alaska_vwprintf(const wchar_t *fmt, va_list ap)
{ WPRINTF(fmt); return vwprintf(f, a); }
ALASKA_API int alaska_vfwprintf_chk(FILE *fp, int flag, const wchar_t *fmt, va_list ap)
{ WPRINTF(fmt); return __vfwprintf_chk(T(fp), flag, f, a); }
ALASKA_API int alaska_vswprintf_chk(wchar_t *s, size_t n, int flag, size_t slen,
                                    const wchar_t *fmt, va_list ap)
{ WPRINTF(fmt); return __vswprintf_chk(T(s), n, flag, slen, f, a); }
ALASKA_API int alaska_vwprintf_chk(int flag, const wchar_t *fmt, va_list ap)
{ WPRINTF(fmt); return __vwprintf_chk(flag, f, a); }

ALASKA_API int alaska_vfwscanf(FILE *fp, const wchar_t *fmt, va_list ap)
{ WSCANF(fmt); return vfwscanf(T(fp), f, a); }
ALASKA_API int alaska_vswscanf(const wchar_t *s, const wchar_t *fmt, va_list ap)
{ WSCANF(fmt); return vswscanf(T(s), f, a); }
ALASKA_API int alaska_vwscanf(const wchar_t *fmt, va_list ap)
{ WSCANF(fmt); return vwscanf(f, a); }
ALASKA_API int alaska_isoc99_vfwscanf(FILE *fp, const wchar_t *fmt, va_list ap)
{ WSCANF(fmt); return __isoc99_vfwscanf(T(fp), f, a); }
ALASKA_API int alaska_isoc99_vswscanf(const wchar_t *s, const wchar_t *fmt, va_list ap)
{ WSCANF(fmt); return __isoc99_vswscanf(T(s), f, a); }
ALASKA_API int alaska_isoc99_vwscanf(const wchar_t *fmt, va_list ap)
{ WSCANF(fmt); return __isoc99_vwscanf(f, a); }

/* An obstack's pointers into its current chunk, a kept object, may be
 * handles plus offsets (the plugin's marshalling gives back what points
 * into an object it translated so): the library gets their addresses,
 * which work as the handles do. */
static struct obstack *obstack_raw(struct obstack *o)
{
  struct obstack *r = T(o);
  r->chunk = alaska_translate(r->chunk);
  r->object_base = alaska_translate(r->object_base);
  r->next_free = alaska_translate(r->next_free);
  r->chunk_limit = alaska_translate(r->chunk_limit);
  return r;
}

ALASKA_API int alaska_obstack_vprintf(struct obstack *o, const char *fmt, va_list ap)
{ PRINTF(fmt); return obstack_vprintf(obstack_raw(o), f, a); }
ALASKA_API int alaska_obstack_vprintf_chk(struct obstack *o, int flag, const char *fmt, va_list ap)
{ PRINTF(fmt); return __obstack_vprintf_chk(obstack_raw(o), flag, f, a); }
