/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Freeing a handle whose ID was never allocated aborts with the "was never allocated" message. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^alaska: free of invalid handle 0x8000123400000000: handle ID 4660 was never allocated\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  hfree(halloc(8));
  hfree((void *) 0x8000123400000000ull);
  printf("not reached\n");
  return 0;
}
