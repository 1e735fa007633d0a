/* SPDX-License-Identifier: GPL-3.0-or-later */
/* free preserves errno, as glibc's does (gnulib's test-free checks it):
   also when giving a large object's pages back fails because the process
   has as many mappings as the kernel allows (vm.max_map_count). */
/* { dg-do run } */
/* { dg-output "^small 1789\nlarge 1789\nat the limit of mappings 1789\n$" } */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

static int (*volatile get_errno) (void);
static int read_errno (void) { return errno; }

int main (void)
{
  get_errno = read_errno;
  void *volatile p = malloc (15);
  errno = 1789;
  free (p);
  printf ("small %d\n", get_errno ());

  p = malloc (5318153);
  errno = 1789;
  free (p);
  printf ("large %d\n", get_errno ());

  /* A large object, then mappings of one page each (of a file, so that
     none merges with its neighbour) until mmap fails. */
  p = malloc (0x1000000 - 0x100);
  int fd = open ("/proc/self/exe", O_RDONLY);
  if (fd < 0)
    return 1;
  long page = sysconf (_SC_PAGESIZE);
  for (int i = 0; i < 65536; i++)
    if (mmap (NULL, page, PROT_READ, MAP_PRIVATE, fd, 0) == MAP_FAILED)
      break;
  errno = 1789;
  free (p);
  printf ("at the limit of mappings %d\n", get_errno ());
  return 0;
}
