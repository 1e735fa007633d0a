/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An access through a freed handle faults (alaska-abi.h: a freed entry
   is ALASKA_ENTRY_FREE, 0, which translates a handle to itself, an
   address with bit 63 set that no user-space access reaches; through a
   base register other than %rbp and %rsp that is SIGSEGV, through them
   SIGBUS): no freed or reused object is read or written. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^before 7\ntranslates to itself 1\nfault\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void on_segv(int sig)
{
  (void) sig;
  write(1, "fault\n", 6);
  _exit(0);
}

int main(void)
{
  signal(SIGSEGV, on_segv);
  signal(SIGBUS, on_segv);
  int *h = halloc(64);
  int *b = alaska_translate(h);
  b[3] = 7;
  printf("before %d\n", ((int *) alaska_translate(h))[3]);
  hfree(h);
  int *gone = alaska_translate(h + 3);
  printf("translates to itself %d\n", gone == h + 3);
  fflush(stdout);
  *(volatile int *) gone = 8;
  printf("no fault\n");
  return 1;
}
