/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The places one level below the marshalled slots that the plugin checks
   at run time (alaska_marshal_deep): the data pointer members of a
   structure a slot points to (marshal-deep-struct.c counts libcurl's), and
   the first element where a slot points to a pointer.  In the C library,
   slots that point to plain data (iconv's buffers, struct tm's tm_zone)
   and wrapped functions (sendmmsg, __cmsg_nxthdr: CMSG_NXTHDR, a call
   with -fno-inline) get none; nor do out-parameters (getaddrinfo's *res,
   getgrnam_r's structure and result, wordexp's wordexp_t, scandir's
   *namelist), which the library writes without reading, nor structures
   whose pointers it does not follow (getaddrinfo's hints): an out-parameter's array of pointers (gr_mem, we_wordv,
   *namelist) is rebased after the call instead. */
/* { dg-do compile } */
/* { dg-options "-fdump-tree-alaska -fno-inline" } */
#define _GNU_SOURCE
#include <dirent.h>
#include <grp.h>
#include <iconv.h>
#include <netdb.h>
#include <stdio.h>
#include <sys/socket.h>
#include <time.h>
#include <wordexp.h>

int words (const char *s, wordexp_t *w)
{
  return wordexp (s, w, WRDE_NOCMD);
}

struct cmsghdr *next (struct msghdr *m, struct cmsghdr *c)
{
  return __cmsg_nxthdr (m, c);
}

int list (const char *dir, struct dirent ***names)
{
  return scandir (dir, names, NULL, alphasort);
}

int resolve (const char *host, const struct addrinfo *hints, struct addrinfo **res)
{
  return getaddrinfo (host, NULL, hints, res);
}

int member (const char *name, struct group *g, char *buf, size_t n, struct group **res)
{
  return getgrnam_r (name, g, buf, n, res);
}

size_t conv (iconv_t cd, char *in, size_t inlen, char *out, size_t outlen)
{
  return iconv (cd, &in, &inlen, &out, &outlen);
}

struct tm *when (const time_t *t, struct tm *tm)
{
  return localtime_r (t, tm);
}

int batch (int fd, struct mmsghdr *m)
{
  return sendmmsg (fd, m, 2, 0);
}

/* { dg-final { scan-alaska-dump-fn-times words "^alaska: marshal wordexp: argument 1, offset 8: the array of pointers it points to is rebased after the call$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times words "checked at run time$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times next "^alaska: marshal" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times list "^alaska: marshal scandir: argument 1, offset 0: the array of pointers it points to is rebased after the call$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times list "checked at run time$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times resolve "checked at run time$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times member "checked at run time$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times member "^alaska: marshal getgrnam_r: argument 1, offset 24: the array of pointers it points to is rebased after the call$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times member "rebased after the call$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times conv "checked at run time$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times when "checked at run time$" 0 } } */
/* { dg-final { scan-alaska-dump-fn-times batch "^alaska: marshal" 0 } } */
