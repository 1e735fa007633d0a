/* SPDX-License-Identifier: MIT */
/* wrappers.c: handle-aware versions of C library functions that keep,
 * return or reallocate pointers into what they are given, or read pointers
 * inside structures (ALASKA_WRAPPERS in alaska-abi.h).  The plugin
 * redirects calls to them; they take handles as they are, call libc on
 * translated addresses, and hand back handle + offset where libc returns a
 * pointer into a handle's object.  Every handle a wrapper translates is
 * pinned until it returns (WRAPPER_SCOPE, barrier.c), so a barrier while
 * libc blocks -- readv on a socket -- moves none of them. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <libgen.h>
#include <argz.h>
#include <limits.h>
#include <mntent.h>
#include <regex.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>
#include "internal.h"

#define T(p) ((__typeof__(p)) alaska_wrapper_pin(p))

void alaska_wrapper_pins_full(const void *p)
{
  alaska_fatal("a C library call through a libalaska wrapper needs more than %d handles "
               "pinned at once (the next is %p); they could not all be kept from moving",
               ALASKA_WRAPPER_PINS, p);
}

/* r points into the object of which t is the translation of h. */
static inline char *rebase(const char *h, const char *t, const char *r)
{
  return r ? (char *) h + (r - t) : NULL;
}

/* ---- tokenizers ------------------------------------------------------- */

ALASKA_API char *alaska_strtok_r(char *s, const char *delim, char **saveptr)
{
  WRAPPER_SCOPE;
  char **sp = T(saveptr);
  char *h = s ? s : *sp;
  if (!h)
    return NULL;
  char *t = T(h), *save;
  char *r = strtok_r(t, T(delim), &save);
  *sp = rebase(h, t, save);
  return rebase(h, t, r);
}

ALASKA_API char *alaska_strtok(char *s, const char *delim)
{
  WRAPPER_SCOPE;
  static __thread char *save;
  return alaska_strtok_r(s, delim, &save);
}

ALASKA_API char *alaska_strsep(char **stringp, const char *delim)
{
  WRAPPER_SCOPE;
  char **sp = T(stringp);
  char *h = *sp;
  if (!h)
    return NULL;
  char *t = T(h), *rest = t;
  char *r = strsep(&rest, T(delim));
  *sp = rebase(h, t, rest);
  return rebase(h, t, r);
}

/* ---- number parsers: the end pointer points into the string ---------- */

#define STRTO_INT(name, type)                                              \
  ALASKA_API type alaska_##name(const char *nptr, char **endptr, int base) \
  {                                                                        \
    WRAPPER_SCOPE;                                                         \
    const char *t = T(nptr);                                               \
    char *end;                                                             \
    type v = name(t, &end, base);                                          \
    if (endptr)                                                            \
      *T(endptr) = rebase(nptr, t, end);                                   \
    return v;                                                              \
  }
#define STRTO_FLOAT(name, type)                                            \
  ALASKA_API type alaska_##name(const char *nptr, char **endptr)           \
  {                                                                        \
    WRAPPER_SCOPE;                                                         \
    const char *t = T(nptr);                                               \
    char *end;                                                             \
    type v = name(t, &end);                                                \
    if (endptr)                                                            \
      *T(endptr) = rebase(nptr, t, end);                                   \
    return v;                                                              \
  }
STRTO_INT(strtol, long)
STRTO_INT(strtoul, unsigned long)
STRTO_INT(strtoll, long long)
STRTO_INT(strtoull, unsigned long long)
STRTO_FLOAT(strtod, double)
STRTO_FLOAT(strtof, float)
STRTO_FLOAT(strtold, long double)

/* ---- results that may point into the argument or elsewhere ----------- */

static char *maybe_rebase(const char *h, const char *t, size_t len, char *r)
{
  return r >= t && r <= t + len ? rebase(h, t, r) : r;
}

ALASKA_API char *alaska_strerror_r(int errnum, char *buf, size_t n)
{
  WRAPPER_SCOPE;
  char *t = T(buf);
  return maybe_rebase(buf, t, n, strerror_r(errnum, t, n));
}

ALASKA_API char *alaska_dirname(char *path)
{
  WRAPPER_SCOPE;
  char *t = T(path);
  size_t len = t ? strlen(t) : 0;
  return maybe_rebase(path, t, len, dirname(t));
}

ALASKA_API char *alaska_xpg_basename(char *path)
{
  WRAPPER_SCOPE;
  char *t = T(path);
  size_t len = t ? strlen(t) : 0;
  return maybe_rebase(path, t, len, __xpg_basename(t));
}

/* ---- functions that reallocate the caller's buffer -------------------- */

ALASKA_API ssize_t alaska_getdelim(char **lineptr, size_t *n, int delim, FILE *stream)
{
  WRAPPER_SCOPE;
  char **lp = T(lineptr);
  size_t *np = T(n);
  if (!alaska_is_handle(*lp))
    return getdelim(lp, np, delim, stream);     /* libc's own buffer */
  char *tmp = NULL;
  size_t tmpn = 0;
  ssize_t len = getdelim(&tmp, &tmpn, delim, stream);
  if (len < 0) {
    free(tmp);
    return -1;
  }
  if (*np < (size_t) len + 1) {
    char *grown = hrealloc(*lp, (size_t) len + 1);
    if (!grown) {
      free(tmp);
      errno = ENOMEM;
      return -1;
    }
    *lp = grown;
    *np = (size_t) len + 1;
  }
  memcpy(T(*lp), tmp, (size_t) len + 1);
  free(tmp);
  return len;
}

ALASKA_API ssize_t alaska_getline(char **lineptr, size_t *n, FILE *stream)
{
  WRAPPER_SCOPE;
  return alaska_getdelim(lineptr, n, '\n', stream);
}

/* ---- functions that keep the pointer they are given ------------------- *
 * The string or buffer stays in use by libc after the call.  libalaska's
 * services do not move objects yet; when they do, these objects must be
 * pinned for good. */

ALASKA_API int alaska_putenv(char *string)
{
  WRAPPER_SCOPE;
  return putenv(T(string));
}

ALASKA_API int alaska_setvbuf(FILE *stream, char *buf, int mode, size_t size)
{
  WRAPPER_SCOPE;
  return setvbuf(stream, T(buf), mode, size);
}

ALASKA_API void alaska_setbuf(FILE *stream, char *buf)
{
  WRAPPER_SCOPE;
  setbuf(stream, T(buf));
}

ALASKA_API void alaska_setbuffer(FILE *stream, char *buf, size_t size)
{
  WRAPPER_SCOPE;
  setbuffer(stream, T(buf), size);
}

/* ---- pointers inside structures --------------------------------------- */

/* Copy an iovec array with translated bases; NULL if iovcnt is invalid. */
static struct iovec *translate_iov(const struct iovec *iov, int iovcnt, struct iovec *out)
{
  if (iovcnt < 0 || iovcnt > IOV_MAX) {
    errno = EINVAL;
    return NULL;
  }
  const struct iovec *in = T(iov);
  for (int i = 0; i < iovcnt; i++) {
    out[i].iov_base = T(in[i].iov_base);
    out[i].iov_len = in[i].iov_len;
  }
  return out;
}

#define IOV_WRAPPER(name, ...)                                          \
  {                                                                     \
    WRAPPER_SCOPE;                                                      \
    struct iovec copy[iovcnt > 0 && iovcnt <= IOV_MAX ? iovcnt : 1];    \
    if (!translate_iov(iov, iovcnt, copy))                              \
      return -1;                                                        \
    return name(fd, copy, iovcnt, ##__VA_ARGS__);                       \
  }

ALASKA_API ssize_t alaska_writev(int fd, const struct iovec *iov, int iovcnt)
IOV_WRAPPER(writev)
ALASKA_API ssize_t alaska_readv(int fd, const struct iovec *iov, int iovcnt)
IOV_WRAPPER(readv)
ALASKA_API ssize_t alaska_pwritev(int fd, const struct iovec *iov, int iovcnt, off_t off)
IOV_WRAPPER(pwritev, off)
ALASKA_API ssize_t alaska_preadv(int fd, const struct iovec *iov, int iovcnt, off_t off)
IOV_WRAPPER(preadv, off)
ALASKA_API ssize_t alaska_pwritev64(int fd, const struct iovec *iov, int iovcnt, off64_t off)
IOV_WRAPPER(pwritev64, off)
ALASKA_API ssize_t alaska_preadv64(int fd, const struct iovec *iov, int iovcnt, off64_t off)
IOV_WRAPPER(preadv64, off)
ALASKA_API ssize_t alaska_pwritev2(int fd, const struct iovec *iov, int iovcnt, off_t off,
                                   int flags)
IOV_WRAPPER(pwritev2, off, flags)
ALASKA_API ssize_t alaska_preadv2(int fd, const struct iovec *iov, int iovcnt, off_t off,
                                  int flags)
IOV_WRAPPER(preadv2, off, flags)
ALASKA_API ssize_t alaska_pwritev64v2(int fd, const struct iovec *iov, int iovcnt, off64_t off,
                                      int flags)
IOV_WRAPPER(pwritev64v2, off, flags)
ALASKA_API ssize_t alaska_preadv64v2(int fd, const struct iovec *iov, int iovcnt, off64_t off,
                                     int flags)
IOV_WRAPPER(preadv64v2, off, flags)

ALASKA_API ssize_t alaska_vmsplice(int fd, const struct iovec *iov, size_t n, unsigned int flags)
{
  WRAPPER_SCOPE;
  struct iovec copy[n > 0 && n <= IOV_MAX ? n : 1];
  if (n > IOV_MAX) {
    errno = EINVAL;
    return -1;
  }
  translate_iov(iov, (int) n, copy);
  return vmsplice(fd, copy, n, flags);
}

/* Only the local iovecs are this process's memory; the remote ones are
 * addresses in the other process, passed as they are. */
#define PROCESS_VM_WRAPPER(name)                                        \
  {                                                                     \
    WRAPPER_SCOPE;                                                      \
    struct iovec copy[liovcnt > 0 && liovcnt <= IOV_MAX ? liovcnt : 1]; \
    if (liovcnt > IOV_MAX) {                                            \
      errno = EINVAL;                                                   \
      return -1;                                                        \
    }                                                                   \
    translate_iov(local_iov, (int) liovcnt, copy);                      \
    return name(pid, copy, liovcnt, T(remote_iov), riovcnt, flags);     \
  }
ALASKA_API ssize_t alaska_process_vm_readv(pid_t pid, const struct iovec *local_iov,
                                           unsigned long liovcnt,
                                           const struct iovec *remote_iov,
                                           unsigned long riovcnt, unsigned long flags)
PROCESS_VM_WRAPPER(process_vm_readv)
ALASKA_API ssize_t alaska_process_vm_writev(pid_t pid, const struct iovec *local_iov,
                                            unsigned long liovcnt,
                                            const struct iovec *remote_iov,
                                            unsigned long riovcnt, unsigned long flags)
PROCESS_VM_WRAPPER(process_vm_writev)

static int translate_msg(const struct msghdr *msg, struct msghdr *out, struct iovec *iov)
{
  const struct msghdr *m = T(msg);
  *out = *m;
  out->msg_name = T(m->msg_name);
  out->msg_control = T(m->msg_control);
  out->msg_iov = translate_iov(m->msg_iov, (int) m->msg_iovlen, iov);
  return out->msg_iov || m->msg_iovlen == 0 ? 0 : -1;
}

ALASKA_API ssize_t alaska_sendmsg(int fd, const struct msghdr *msg, int flags)
{
  WRAPPER_SCOPE;
  size_t n = T(msg)->msg_iovlen;
  struct iovec iov[n > 0 && n <= IOV_MAX ? n : 1];
  struct msghdr copy;
  if (translate_msg(msg, &copy, iov))
    return -1;
  return sendmsg(fd, &copy, flags);
}

ALASKA_API ssize_t alaska_recvmsg(int fd, struct msghdr *msg, int flags)
{
  WRAPPER_SCOPE;
  size_t n = T(msg)->msg_iovlen;
  struct iovec iov[n > 0 && n <= IOV_MAX ? n : 1];
  struct msghdr copy;
  if (translate_msg(msg, &copy, iov))
    return -1;
  ssize_t r = recvmsg(fd, &copy, flags);
  struct msghdr *m = T(msg);
  m->msg_namelen = copy.msg_namelen;
  m->msg_controllen = copy.msg_controllen;
  m->msg_flags = copy.msg_flags;
  return r;
}

/* sendmmsg and recvmmsg: each message as sendmsg's, in copies that the
 * C library's allocator holds (vlen messages of up to IOV_MAX iovecs may
 * not fit on the stack).  The kernel caps vlen at UIO_MAXIOV, which is IOV_MAX. */
struct mmsg_copy {
  struct mmsghdr *msgs;
  struct iovec *iov;
};

static int translate_mmsg(struct mmsghdr *msgvec, unsigned int vlen, struct mmsg_copy *c)
{
  if (vlen > IOV_MAX)
    vlen = IOV_MAX;
  const struct mmsghdr *in = T(msgvec);
  size_t iovs = 0;
  for (unsigned int i = 0; i < vlen; i++) {
    if (in[i].msg_hdr.msg_iovlen > IOV_MAX) {
      errno = EINVAL;
      return -1;
    }
    iovs += in[i].msg_hdr.msg_iovlen;
  }
  c->msgs = malloc(vlen * sizeof *c->msgs + 1);
  c->iov = malloc(iovs * sizeof *c->iov + 1);
  if (!c->msgs || !c->iov) {
    free(c->msgs);
    free(c->iov);
    errno = ENOMEM;
    return -1;
  }
  struct iovec *iov = c->iov;
  for (unsigned int i = 0; i < vlen; i++) {
    translate_msg(&in[i].msg_hdr, &c->msgs[i].msg_hdr, iov);
    c->msgs[i].msg_len = in[i].msg_len;
    iov += in[i].msg_hdr.msg_iovlen;
  }
  return 0;
}

/* What the call wrote into the first n copies, back into the program's
 * messages. */
static void mmsg_back(struct mmsghdr *msgvec, int n, struct mmsg_copy *c, int received)
{
  struct mmsghdr *m = T(msgvec);
  for (int i = 0; i < n; i++) {
    m[i].msg_len = c->msgs[i].msg_len;
    if (received) {
      m[i].msg_hdr.msg_namelen = c->msgs[i].msg_hdr.msg_namelen;
      m[i].msg_hdr.msg_controllen = c->msgs[i].msg_hdr.msg_controllen;
      m[i].msg_hdr.msg_flags = c->msgs[i].msg_hdr.msg_flags;
    }
  }
  free(c->msgs);
  free(c->iov);
}

ALASKA_API int alaska_sendmmsg(int fd, struct mmsghdr *msgvec, unsigned int vlen, int flags)
{
  WRAPPER_SCOPE;
  struct mmsg_copy c;
  if (translate_mmsg(msgvec, vlen, &c))
    return -1;
  int r = sendmmsg(fd, c.msgs, vlen > IOV_MAX ? IOV_MAX : vlen, flags);
  int e = errno;
  mmsg_back(msgvec, r, &c, 0);
  errno = e;
  return r;
}

ALASKA_API int alaska_recvmmsg(int fd, struct mmsghdr *msgvec, unsigned int vlen, int flags,
                               struct timespec *timeout)
{
  WRAPPER_SCOPE;
  struct mmsg_copy c;
  if (translate_mmsg(msgvec, vlen, &c))
    return -1;
  int r = recvmmsg(fd, c.msgs, vlen > IOV_MAX ? IOV_MAX : vlen, flags, T(timeout));
  int e = errno;
  mmsg_back(msgvec, r, &c, 1);
  errno = e;
  return r;
}

/* __cmsg_nxthdr (CMSG_NXTHDR when not inlined) reads only msg_control and
 * msg_controllen of the message, never its iovecs or name, and returns a
 * pointer into the control buffer, as cmsg is: handle + offset again. */
ALASKA_API struct cmsghdr *alaska___cmsg_nxthdr(struct msghdr *mhdr, struct cmsghdr *cmsg)
{
  WRAPPER_SCOPE;
  struct msghdr m = *T(mhdr);
  m.msg_control = T(m.msg_control);
  char *t = T((char *) cmsg);
  char *r = (char *) __cmsg_nxthdr(&m, (struct cmsghdr *) t);
  return (struct cmsghdr *) rebase((char *) cmsg, t, r);
}

/* A raw copy of a NULL-terminated vector of strings (argv, envp), the
 * strings with it, in one block of libc memory: freed by the caller.  An
 * environment may hold more strings than a wrapper can pin, so they are
 * copied inside the runtime, where no barrier moves anything, and none is
 * pinned. */
char **alaska_translate_vector(char *const *vec)
{
  if (!vec)
    return NULL;
  alaska_runtime_enter();
  char *const *v = alaska_translate_inline(vec);
  size_t n = 0, bytes = 0;
  for (; v[n]; n++)
    bytes += strlen(alaska_translate_inline(v[n])) + 1;
  char **out = malloc((n + 1) * sizeof *out + bytes);
  if (out) {
    char *p = (char *) (out + n + 1);
    for (size_t i = 0; i < n; i++) {
      const char *t = alaska_translate_inline(v[i]);
      size_t len = strlen(t) + 1;
      out[i] = memcpy(p, t, len);
      p += len;
    }
    out[n] = NULL;
  }
  alaska_runtime_leave();
  return out;
}

#define EXEC_WRAPPER(call)                                              \
  {                                                                     \
    WRAPPER_SCOPE;                                                      \
    char **a = alaska_translate_vector(argv);                           \
    if (argv && !a)                                                     \
      return -1;                                                        \
    int r = call;                                                       \
    int saved = errno;                                                  \
    free(a);                                                            \
    errno = saved;                                                      \
    return r;                                                           \
  }

ALASKA_API int alaska_execv(const char *path, char *const argv[])
EXEC_WRAPPER(execv(T(path), a))
ALASKA_API int alaska_execvp(const char *file, char *const argv[])
EXEC_WRAPPER(execvp(T(file), a))

ALASKA_API int alaska_execve(const char *path, char *const argv[], char *const envp[])
{
  WRAPPER_SCOPE;
  char **e = alaska_translate_vector(envp);
  if (envp && !e)
    return -1;
  char **a = alaska_translate_vector(argv);
  int r = argv && !a ? -1 : execve(T(path), a, e);
  int saved = errno;
  free(a);
  free(e);
  errno = saved;
  return r;
}

ALASKA_API int alaska_execvpe(const char *file, char *const argv[], char *const envp[])
{
  WRAPPER_SCOPE;
  char **e = alaska_translate_vector(envp);
  if (envp && !e)
    return -1;
  char **a = alaska_translate_vector(argv);
  int r = argv && !a ? -1 : execvpe(T(file), a, e);
  int saved = errno;
  free(a);
  free(e);
  errno = saved;
  return r;
}

ALASKA_API int alaska_fexecve(int fd, char *const argv[], char *const envp[])
{
  WRAPPER_SCOPE;
  char **e = alaska_translate_vector(envp);
  if (envp && !e)
    return -1;
  char **a = alaska_translate_vector(argv);
  int r = argv && !a ? -1 : fexecve(fd, a, e);
  int saved = errno;
  free(a);
  free(e);
  errno = saved;
  return r;
}

ALASKA_API int alaska_execveat(int dirfd, const char *path, char *const argv[],
                               char *const envp[], int flags)
{
  WRAPPER_SCOPE;
  char **e = alaska_translate_vector(envp);
  if (envp && !e)
    return -1;
  char **a = alaska_translate_vector(argv);
  int r = argv && !a ? -1 : execveat(dirfd, T(path), a, e, flags);
  int saved = errno;
  free(a);
  free(e);
  errno = saved;
  return r;
}

#define SPAWN_WRAPPER(fn)                                                      \
  ALASKA_API int alaska_##fn(pid_t *pid, const char *path,                     \
                             const posix_spawn_file_actions_t *actions,        \
                             const posix_spawnattr_t *attr,                    \
                             char *const argv[], char *const envp[])           \
  {                                                                            \
    WRAPPER_SCOPE;                                                             \
    char **a = alaska_translate_vector(argv), **e = alaska_translate_vector(envp);           \
    int r = (argv && !a) || (envp && !e)                                       \
      ? ENOMEM : fn(T(pid), T(path), T(actions), T(attr), a, e);               \
    free(a);                                                                   \
    free(e);                                                                   \
    return r;                                                                  \
  }
SPAWN_WRAPPER(posix_spawn)
SPAWN_WRAPPER(posix_spawnp)

/* ---- getopt ------------------------------------------------------------ *
 * argv may be a heap vector of heap strings (gzip puts the words of $GZIP
 * there).  libc gets a raw copy, translated afresh at each call; after the
 * call the permutation GNU getopt made is mirrored into the program's
 * vector, and optarg is rebased onto its string's handle.  Between calls
 * libc keeps a pointer into the current word of a cluster of short options
 * (-abc): a barrier then must not move that word (see alaska(7)). */

extern int __posix_getopt(int argc, char *const argv[], const char *optstring);

static int getopt_common(int argc, char *const argv[], const char *optstring,
                         const struct option *longopts, int *longindex, int kind)
{
  WRAPPER_SCOPE;
  char **vec = T((char **) argv);
  int heap = alaska_is_handle(argv);
  for (int i = 0; i < argc && !heap; i++)
    heap = alaska_is_handle(vec[i]);
  const char *opts = T(optstring);
  const struct option *lo = T(longopts);
  int *li = T(longindex);
  if (!heap) {
    switch (kind) {
    case 0: return getopt(argc, vec, opts);
    case 1: return getopt_long(argc, vec, opts, lo, li);
    case 2: return getopt_long_only(argc, vec, opts, lo, li);
    default: return __posix_getopt(argc, vec, opts);
    }
  }
  char *handles[argc + 1], *raws[argc + 1], *copy[argc + 1];
  for (int i = 0; i < argc; i++) {
    handles[i] = vec[i];
    copy[i] = raws[i] = T(vec[i]);
  }
  copy[argc] = NULL;
  int r = kind == 0 ? getopt(argc, copy, opts)
        : kind == 1 ? getopt_long(argc, copy, opts, lo, li)
        : kind == 2 ? getopt_long_only(argc, copy, opts, lo, li)
        : __posix_getopt(argc, copy, opts);
  vec = T((char **) argv);              /* no barrier inside libalaska, but be exact */
  for (int i = 0; i < argc; i++)
    for (int j = 0; j < argc; j++)
      if (copy[i] == raws[j]) {
        vec[i] = handles[j];
        break;
      }
  if (optarg)
    for (int j = 0; j < argc; j++)
      if (raws[j] && optarg >= raws[j] && optarg <= raws[j] + strlen(raws[j])) {
        optarg = handles[j] + (optarg - raws[j]);
        break;
      }
  return r;
}

ALASKA_API int alaska_getopt(int argc, char *const argv[], const char *optstring)
{
  return getopt_common(argc, argv, optstring, NULL, NULL, 0);
}

/* <unistd.h> without _GNU_SOURCE: the POSIX getopt, which does not permute. */
extern int __posix_getopt(int argc, char *const argv[], const char *optstring);

ALASKA_API int alaska_posix_getopt(int argc, char *const argv[], const char *optstring)
{
  return getopt_common(argc, argv, optstring, NULL, NULL, 3);
}

ALASKA_API int alaska_getopt_long(int argc, char *const argv[], const char *optstring,
                                  const struct option *longopts, int *longindex)
{
  return getopt_common(argc, argv, optstring, longopts, longindex, 1);
}

ALASKA_API int alaska_getopt_long_only(int argc, char *const argv[], const char *optstring,
                                       const struct option *longopts, int *longindex)
{
  return getopt_common(argc, argv, optstring, longopts, longindex, 2);
}

/* ---- regex -------------------------------------------------------------
 * regfree frees, with the C library's free, the pattern buffer's fastmap
 * and translate table as well as what regcomp allocated.  Callers of the
 * GNU interface (re_compile_pattern: gnulib's users, sed, grep) allocate
 * those two themselves, so they may be handles: those are freed with
 * hfree here, and the rest is libc's. */

ALASKA_API void alaska_regfree(regex_t *preg)
{
  WRAPPER_SCOPE;
  regex_t *r = T(preg);
  if (alaska_live_handle((uintptr_t) r->fastmap)) {
    hfree(r->fastmap);
    r->fastmap = NULL;
  }
  if (alaska_live_handle((uintptr_t) r->translate)) {
    hfree(r->translate);
    r->translate = NULL;
  }
  regfree(r);
}

/* ---- results into a structure's string, arrays into an argument --------
 * hasmntopt returns a pointer into the string mnt->mnt_opts points to,
 * not into mnt; argz_extract fills argv with pointers into argz.  Both
 * come back as handle + offset. */

ALASKA_API char *alaska_hasmntopt(const struct mntent *mnt, const char *opt)
{
  WRAPPER_SCOPE;
  struct mntent copy = *T(mnt);
  char *h = copy.mnt_opts;
  copy.mnt_fsname = T(copy.mnt_fsname);
  copy.mnt_dir = T(copy.mnt_dir);
  copy.mnt_type = T(copy.mnt_type);
  copy.mnt_opts = T(h);
  return rebase(h, copy.mnt_opts, hasmntopt(&copy, T(opt)));
}

ALASKA_API void alaska_argz_extract(const char *argz, size_t len, char **argv)
{
  WRAPPER_SCOPE;
  const char *t = T(argz);
  char **v = T(argv);
  argz_extract(t, len, v);
  for (size_t i = 0, n = argz_count(t, len); i < n; i++)
    v[i] = rebase(argz, t, v[i]);
}
