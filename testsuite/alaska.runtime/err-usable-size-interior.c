/* SPDX-License-Identifier: GPL-3.0-or-later */
/* halloc_usable_size of a handle into the middle of its object aborts
   naming it, also once its object's size is known (halloc.c answers
   known sizes without looking at the handle's entry). */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-exit-status 134 } */
/* { dg-output "^known 48\nhandle (0x\[0-9a-f\]+)\nalaska: malloc_usable_size of \\1, which points 8 bytes into its object, not at its start\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  char *h = halloc(40);
  halloc_usable_size(h);        /* the first query fills the table */
  printf("known %zu\n", halloc_usable_size(h));
  printf("handle %p\n", h + 8);
  printf("not reached %zu\n", halloc_usable_size(h + 8));
  return 0;
}
