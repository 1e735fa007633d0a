/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The address of open, openat, fcntl or ioctl, whose variable part is one
   optional argument, an int or a pointer, is a thunk that reads one word
   with va_arg and calls the function with it as a pointer, translated if
   it is a handle.  Calls through volatile pointers (so that GCC cannot
   make them direct) with a heap path, a heap struct flock and a heap int,
   and with int third arguments (the mode, F_SETFL's flags) and none.  The
   first plugin left these addresses alone: open got the handle and failed
   with EFAULT.  */
/* { dg-do run } */
/* { dg-output "^open 1\ngetlk 0 unlocked 1\nsetfl 0 append 1\nfionread 0 6\nread 6 hello\nopenat 1\nreopen 1\n$" } */
#include <alaska.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int (*volatile opener) (const char *, int, ...) = open;

int main (void)
{
  int (*volatile op) (const char *, int, ...) = open;
  int (*volatile opat) (int, const char *, int, ...) = openat;
  int (*volatile fc) (int, int, ...) = fcntl;
  int (*volatile io) (int, unsigned long, ...) = ioctl;
  char *path = malloc (64);
  snprintf (path, 64, "alaska-optional-arg-%d.tmp", (int) getpid ());
  if (!alaska_is_handle (path))
    return 1;
  int fd = op (path, O_CREAT | O_RDWR | O_TRUNC, 0640);
  printf ("open %d\n", fd >= 0);
  if (write (fd, "hello\n", 6) != 6)
    return 2;
  struct flock *fl = calloc (1, sizeof *fl);
  fl->l_type = F_WRLCK;
  fl->l_whence = SEEK_SET;
  int r = fc (fd, F_GETLK, fl);
  printf ("getlk %d unlocked %d\n", r, fl->l_type == F_UNLCK);
  r = fc (fd, F_SETFL, O_APPEND);
  printf ("setfl %d append %d\n", r, (fc (fd, F_GETFL) & O_APPEND) != 0);
  int *avail = malloc (sizeof *avail);
  *avail = -1;
  lseek (fd, 0, SEEK_SET);
  r = io (fd, FIONREAD, avail);
  printf ("fionread %d %d\n", r, *avail);
  close (fd);
  int fd2 = opener (path, O_RDONLY);
  char *buf = calloc (1, 16);
  r = (int) read (fd2, buf, 15);
  printf ("read %d %s", r, buf);
  close (fd2);
  int fd3 = opat (AT_FDCWD, path, O_RDONLY);
  printf ("openat %d\n", fd3 >= 0);
  close (fd3);
  unlink (path);
  printf ("reopen %d\n", op (path, O_RDONLY) < 0);
  return 0;
}
