/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hrealloc of a freed handle aborts with "alaska: realloc of freed handle 0x...". */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^handle (0x\[0-9a-f\]+)\nalaska: realloc of freed handle \\1\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *h = halloc(32);
  printf("handle %p\n", h);
  hfree(h);
  void *r = hrealloc(h, 64);
  printf("not reached %p\n", r);
  return 0;
}
