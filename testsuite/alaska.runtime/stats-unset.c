/* SPDX-License-Identifier: GPL-3.0-or-later */
/* With ALASKA_STATS unset (the harness removes it from the environment), alaska_stats_get returns -1. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^get -1 0 0\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
  if (getenv("ALASKA_STATS"))
    return 2;
  hfree(halloc(10));
  struct alaska_stats st = { .size = sizeof st };
  int r = alaska_stats_get(&st);
  printf("get %d %llu %llu\n", r, (unsigned long long) st.handles_allocated,
         (unsigned long long) st.handles_freed);
  return 0;
}
