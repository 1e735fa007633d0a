/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The address of an external function, taken in a function body or in a
   static initializer (SQLite's table of system calls), is a thunk that
   translates: calls through it never hand libc a handle.  A result that
   points into an argument comes back as a handle, the same function's
   address compares equal wherever this unit takes it, and a weak function
   that is not defined keeps its null address. */
/* { dg-do run } */
/* { dg-output "^hello, thunk\nwrite 13 1 3 1\nstrchr 1 5 hello\nmemcmp 0 1\nsame 1 1\nweak 1\n$" } */
#include <alaska.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

typedef ssize_t (*write_fn) (int, const void *, size_t);
typedef char *(*strchr_fn) (const char *, int);
typedef void (*any_fn) (void);

/* A weak reference that no library defines: its address stays null. */
extern void never_defined (char *) __attribute__ ((weak, alaska_external));

static const struct { const char *name; any_fn fn; } calls[] = {
  { "write", (any_fn) write },
  { "strchr", (any_fn) strchr },
  { "writev", (any_fn) writev },
};
static int (*volatile compare) (const void *, const void *, size_t) = memcmp;

int main (void)
{
  char *s = malloc (32), *t = malloc (32);     /* handles */
  strcpy (s, "hello, thunk\n");
  strcpy (t, "hellO");
  write_fn volatile w = (write_fn) calls[0].fn;
  ssize_t n = w (1, s, 13);
  /* writev reads pointers inside its iovec array, itself a handle. */
  struct iovec *iov = malloc (sizeof *iov);
  iov->iov_base = s + 10;
  iov->iov_len = 3;
  ssize_t (*volatile wv) (int, const struct iovec *, int) = writev;
  int dev_null = open ("/dev/null", O_WRONLY);
  ssize_t m = dev_null >= 0 ? wv (dev_null, iov, 1) : -1;
  close (dev_null);
  printf ("write %zd %d %zd %d\n", n, alaska_is_handle (s), m, alaska_is_handle (iov));

  strchr_fn volatile chr = (strchr_fn) calls[1].fn;
  char *comma = chr (s, ',');
  *comma = '\0';
  printf ("strchr %d %ld %s\n", alaska_is_handle (comma), (long) (comma - s), s);

  printf ("memcmp %d %d\n", compare (s, t, 4), compare (s, t, 5) > 0);

  write_fn here = write;
  printf ("same %d %d\n", here == (write_fn) calls[0].fn,
          (any_fn) writev == calls[2].fn);
  void (*volatile weak) (char *) = never_defined;
  if (never_defined)
    never_defined (s);
  printf ("weak %d\n", weak == NULL);
  free (iov);
  free (s);
  free (t);
  return 0;
}
