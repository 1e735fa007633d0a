/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Freeing a pointer into the middle of a handle's object (h+8) aborts naming the offset. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^handle (0x\[0-9a-f\]+)\nalaska: free of 0x\[0-9a-f\]+, which points 8 bytes into its object, not at its start\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  char *h = halloc(32);
  printf("handle %p\n", (void *) h);
  hfree(h + 8);
  printf("not reached\n");
  return 0;
}
