/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An access through a freed handle faults in the guard above the backing
   region (alaska-abi.h: a freed entry is ALASKA_ENTRY_FREE, which
   translates to [32 GiB - 8, 36 GiB)), where nothing is mapped: no freed
   or reused object is read or written. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^before 7\nfault in the guard\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void on_segv(int sig, siginfo_t *si, void *ctx)
{
  (void) sig; (void) ctx;
  uintptr_t a = (uintptr_t) si->si_addr;
  const char *m = a >= ALASKA_BACKING_END && a < ALASKA_GUARD_END
                  ? "fault in the guard\n" : "fault elsewhere\n";
  write(1, m, strlen(m));
  _exit(0);
}

int main(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_segv;
  sa.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &sa, NULL);
  int *h = halloc(64);
  int *b = alaska_translate(h);
  b[3] = 7;
  printf("before %d\n", ((int *) alaska_translate(h))[3]);
  fflush(stdout);
  hfree(h);
  int *gone = alaska_translate(h + 3);
  *(volatile int *) gone = 8;
  printf("no fault\n");
  return 1;
}
