/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_SERVICE with characters outside [a-z0-9_] is ignored with a warning; the malloc service is used. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_SERVICE=../evil" } */
/* { dg-output "^alaska: warning: ignoring invalid value '../evil' of ALASKA_SERVICE \\(expected a name of lower-case letters, digits and '_'\\)\nservice malloc\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  printf("service %s\n", alaska_current_service()->name);
  return 0;
}
