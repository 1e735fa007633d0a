/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_SERVICE=nosuch aborts at start-up with the "unknown service" message. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_SERVICE=nosuch" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^alaska: unknown service 'nosuch' in ALASKA_SERVICE \\(is its library linked\\? built in: malloc\\)\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  /* Never reached: libalaska starts from its constructor, before main.
   * (The call makes the program need libalaska despite --as-needed.) */
  printf("main ran\n");
  hfree(halloc(1));
  return 0;
}
