/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_HEAP_SIZE=lots: a warning naming the variable, the default size
   is kept and the program runs. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_HEAP_SIZE=lots" } */
/* { dg-output "^alaska: warning: ignoring invalid value 'lots' of ALASKA_HEAP_SIZE \\(expected a size from 1G to 63T, such as 2T or 64G\\)\nran\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  hfree(halloc(1));
  printf("ran\n");
  return 0;
}
