/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_SERVICE=malloc selects the built-in service: alaska_current_service()->name is "malloc". */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^service malloc 1\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  const struct alaska_service *s = alaska_current_service();
  void *h = halloc(10);
  printf("service %s %d\n", s->name, alaska_is_handle(h));
  hfree(h);
  return 0;
}
