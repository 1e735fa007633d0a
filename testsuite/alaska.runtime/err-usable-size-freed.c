/* SPDX-License-Identifier: GPL-3.0-or-later */
/* halloc_usable_size of a freed handle aborts naming malloc_usable_size. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-exit-status 134 } */
/* { dg-output "^handle (0x\[0-9a-f\]+)\nalaska: malloc_usable_size of freed handle \\1\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *h = halloc(32);
  printf("handle %p\n", h);
  hfree(h);
  printf("not reached %zu\n", halloc_usable_size(h));
  return 0;
}
