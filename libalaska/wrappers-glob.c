/* SPDX-License-Identifier: MIT */
/* wrappers-glob.c: glob and glob64 (ALASKA_WRAPPERS in alaska-abi.h).
 * The pattern gets a raw copy and the glob_t a copy on the wrapper's
 * stack for the call (glob writes the C library's memory there; what
 * GLOB_APPEND reads back is that memory too), so nothing of the program's
 * is pinned while its callbacks run.  With GLOB_ALTDIRFUNC, gl_readdir is
 * the program's: it may return an entry in a heap object, a handle.  A
 * trampoline calls it and hands the C library the entry's translation,
 * pinned until the next gl_readdir call or the end of glob (one pin,
 * however many entries); gl_opendir's stream, which the C library reads
 * too, gets a raw stand-in that the trampolines turn back into it. */
#define _GNU_SOURCE
#include <errno.h>
#include <glob.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

/* The program's directory functions, of the innermost glob call of this
 * thread. */
struct dir_functions {
  void *(*opendir)(const char *);
  void *(*readdir)(void *);
  void (*closedir)(void *);
};
static __thread const struct dir_functions *program_dir;

/* What the C library gets for the program's stream: it calls dirfd on it,
 * reading the first int of a DIR, so it is given this raw stand-in, whose
 * fd is the first int of the program's stream (what dirfd would read
 * there) and which the trampolines hand back as the program's stream. */
struct stream_token {
  int fd;
  void *stream;
};

/* Drop the wrapper's pins (after a copy, and the last entry's: the C
 * library is done with an entry when it asks for the next one, or when
 * glob returns). */
static void wrapper_unpin(void)
{
  int unused = 0;
  alaska_wrapper_end(&unused);
}

static void *opendir_trampoline(const char *name)
{
  void *stream = program_dir->opendir(name);
  if (!stream)
    return NULL;
  struct stream_token *t = malloc(sizeof *t);
  if (!t)
    alaska_fatal("glob: no memory for a stand-in of a gl_opendir stream");
  alaska_wrapper_begin();
  t->fd = *(const int *) alaska_wrapper_pin(stream);
  wrapper_unpin();
  t->stream = stream;
  return t;
}

static void *readdir_trampoline(void *token)
{
  wrapper_unpin();
  void *entry = program_dir->readdir(((struct stream_token *) token)->stream);
  alaska_wrapper_begin();
  return alaska_wrapper_pin(entry);
}

static void closedir_trampoline(void *token)
{
  wrapper_unpin();
  void *stream = ((struct stream_token *) token)->stream;
  free(token);
  program_dir->closedir(stream);
}

static char *raw_pattern(const char *pattern, const char *fn)
{
  const char *t = alaska_wrapper_pin(pattern);
  char *copy = t ? strdup(t) : NULL;
  if (t && !copy)
    alaska_fatal("%s: no memory for a raw copy of its pattern", fn);
  return copy;
}

/* glob_t and glob64_t have the same layout on this ABI: one body serves
 * both, calling the C library's function `call'. */
typedef int glob_fn(const char *, int, int (*)(const char *, int), void *);

static int glob_through(glob_fn *call, const char *fn, const char *pattern, int flags,
                        int (*errfunc)(const char *, int), void *pglob, size_t size)
{
  if (!pglob)                   /* glob fails with EINVAL, reading nothing */
    return call(NULL, flags, errfunc, NULL);
  char local[sizeof(glob_t)] __attribute__((aligned(__alignof__(glob_t))));
  alaska_wrapper_begin();
  char *pat = raw_pattern(pattern, fn);
  memcpy(local, alaska_wrapper_pin(pglob), size);
  wrapper_unpin();
  glob_t *g = (glob_t *) local;
  struct dir_functions own = {
    g->gl_opendir, (void *(*)(void *)) g->gl_readdir, g->gl_closedir
  };
  const struct dir_functions *saved = program_dir;
  if (flags & GLOB_ALTDIRFUNC) {
    program_dir = &own;
    g->gl_opendir = opendir_trampoline;
    g->gl_readdir = (struct dirent *(*)(void *)) readdir_trampoline;
    g->gl_closedir = closedir_trampoline;
  }
  int r = call(pat, flags, errfunc, local);
  int saved_errno = errno;
  if (flags & GLOB_ALTDIRFUNC) {
    wrapper_unpin();
    program_dir = saved;
    g->gl_opendir = own.opendir;
    g->gl_readdir = (struct dirent *(*)(void *)) own.readdir;
    g->gl_closedir = own.closedir;
  }
  alaska_wrapper_begin();
  memcpy(alaska_wrapper_pin(pglob), local, size);
  wrapper_unpin();
  free(pat);
  errno = saved_errno;
  return r;
}

ALASKA_API int alaska_glob(const char *pattern, int flags,
                           int (*errfunc)(const char *, int), glob_t *pglob)
{
  return glob_through((glob_fn *) glob, "glob", pattern, flags, errfunc, pglob, sizeof(glob_t));
}

ALASKA_API int alaska_glob64(const char *pattern, int flags,
                             int (*errfunc)(const char *, int), glob64_t *pglob)
{
  _Static_assert(sizeof(glob64_t) == sizeof(glob_t)
                 && offsetof(glob64_t, gl_opendir) == offsetof(glob_t, gl_opendir)
                 && offsetof(glob64_t, gl_readdir) == offsetof(glob_t, gl_readdir)
                 && offsetof(glob64_t, gl_closedir) == offsetof(glob_t, gl_closedir),
                 "glob64_t is laid out as glob_t");
  return glob_through((glob_fn *) glob64, "glob64", pattern, flags, errfunc, pglob, sizeof(glob64_t));
}
