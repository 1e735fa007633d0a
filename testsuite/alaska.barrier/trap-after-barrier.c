/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A `ud2' found at a safepoint when no barrier is running -- as under
   valgrind, which goes on running the translation it made of a block
   while a barrier had the block's safepoint patched -- is stepped over:
   the SIGILL handler resumes after the safepoint rather than on it, where
   it would trap again for ever.  After a first barrier (which installs
   the handler), the test patches its own function's entry safepoint the
   way a barrier does and leaves it so.  */
/* { dg-do run } */
/* { dg-output "^barrier 0\npatched 1\nwork 3\nagain 7\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

__attribute__((noinline)) long work (long *p)
{
  return p[0] + p[1];
}

static int patch_entry_safepoint (unsigned char *fn)
{
  static const unsigned char nop[5] = { 0x0f, 0x1f, 0x44, 0x00, 0x00 };
  for (int i = 0; i < 16; i++)
    if (memcmp (fn + i, nop, sizeof nop) == 0)
      {
        long page = sysconf (_SC_PAGESIZE);
        void *start = (void *) ((uintptr_t) (fn + i) & -(uintptr_t) page);
        if (mprotect (start, 2 * page, PROT_READ | PROT_WRITE | PROT_EXEC))
          return 0;
        fn[i + 1] = 0x0b;               /* 0f 0b: ud2 */
        mprotect (start, 2 * page, PROT_READ | PROT_EXEC);
        return 1;
      }
  return 0;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  alarm (20);                           /* a trap loop dies of SIGALRM */
  long *p = malloc (2 * sizeof *p);
  p[0] = 1;
  p[1] = 2;
  printf ("barrier %d\n", alaska_barrier ());
  printf ("patched %d\n", patch_entry_safepoint ((unsigned char *) work));
  printf ("work %ld\n", work (p));
  p[1] = 6;
  printf ("again %ld\n", work (p));
  free (p);
  return 0;
}
