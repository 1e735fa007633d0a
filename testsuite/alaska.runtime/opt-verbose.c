/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_VERBOSE=1 reports the backing region, the handle table address and the service at start-up. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_VERBOSE=1" } */
/* { dg-output "^alaska: backing region at 0x900000000, \[0-9\]+ MiB of address space\n" } */
/* { dg-output "alaska: handle table at 0x70000000, service malloc\nok\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  hfree(halloc(1));
  printf("ok\n");
  return 0;
}
