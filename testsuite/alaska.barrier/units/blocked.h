/* SPDX-License-Identifier: GPL-3.0-or-later */
/* blocked.h: whether a thread is blocked in a system call, read from
   /proc/self/task/TID/syscall ("NR 0xARG0 ..."), so that a test starts
   its barrier once the thread really is in the C library, without
   sleeping. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

/* Is thread tid in system call nr, with first argument arg0 (any if
   arg0 < 0)? */
static inline int in_syscall_arg (pid_t tid, int nr, long arg0)
{
  char path[64];
  snprintf (path, sizeof path, "/proc/self/task/%d/syscall", (int) tid);
  FILE *f = fopen (path, "r");
  if (!f)
    abort ();
  int got = -2;
  unsigned long a = 0;
  int n = fscanf (f, "%d 0x%lx", &got, &a);
  fclose (f);
  return n >= 1 && got == nr && (arg0 < 0 || (n == 2 && a == (unsigned long) arg0));
}

static inline int in_syscall (pid_t tid, int nr) { return in_syscall_arg (tid, nr, -1); }

/* Is thread tid blocked in read (syscall 0) on fd? */
static inline int in_read (pid_t tid, int fd) { return in_syscall_arg (tid, 0, fd); }
