/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Freeing a handle twice aborts with "alaska: double free of handle 0x...". */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^handle (0x\[0-9a-f\]+)\nalaska: double free of handle \\1\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *h = halloc(32);
  printf("handle %p\n", h);
  hfree(h);
  hfree(h);
  printf("not reached\n");
  return 0;
}
