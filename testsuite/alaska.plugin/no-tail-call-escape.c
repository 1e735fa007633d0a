/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A call given translated pointers is never a tail call: the jump would
   free the frame holding their pins while the callee runs (Redis's
   `return fread (...)').  Also when the pointer travels in a transparent
   union (bind's sockaddr with _GNU_SOURCE).  */
/* { dg-do compile } */
/* { dg-options "-O2" } */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/socket.h>

size_t file_read (FILE *fp, void *buf, size_t len)
{
  return fread (buf, len, 1, fp);
}

int bind_to (int fd, struct sockaddr *sa, socklen_t len)
{
  return bind (fd, sa, len);
}
/* { dg-final { scan-alaska-asm-fn file_read {\mcall\s+fread\M} } } */
/* { dg-final { scan-alaska-asm-fn-not file_read {\mjmp\s+fread\M} } } */
/* { dg-final { scan-alaska-asm-fn bind_to {\mcall\s+bind\M} } } */
/* { dg-final { scan-alaska-asm-fn-not bind_to {\mjmp\s+bind\M} } } */
