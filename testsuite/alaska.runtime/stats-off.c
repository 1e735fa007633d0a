/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Without ALASKA_STATS (or with ALASKA_STATS=0), alaska_stats_get returns -1 with zeroed counters, keeps the caller's size, and nothing is printed. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=off" } */
/* { dg-output "^get -1 1 1\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <string.h>

int main(void)
{
  void *h = halloc(10);
  struct alaska_stats st, zero;
  memset(&st, 0x55, sizeof st);
  memset(&zero, 0, sizeof zero);
  st.size = sizeof st;
  zero.size = sizeof zero;
  int r = alaska_stats_get(&st);
  printf("get %d %d %d\n", r, memcmp(&st, &zero, sizeof st) == 0, st.size == sizeof st);
  fflush(stdout);
  alaska_stats_print();                /* prints nothing */
  hfree(h);
  return 0;
}
