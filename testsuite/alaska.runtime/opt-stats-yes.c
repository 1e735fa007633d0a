/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The boolean spellings of ALASKA_STATS (here "Yes", case-insensitive) turn statistics on. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=Yes" } */
/* { dg-output "^get 0 1\nalaska: service malloc\nalaska: handles_allocated 1\n" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  struct alaska_stats st = { .size = sizeof st };
  hfree(halloc(1));
  int r = alaska_stats_get(&st);
  printf("get %d %llu\n", r, (unsigned long long) st.handles_freed);
  fflush(stdout);
  return 0;
}
