/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_STATS=maybe: a warning naming the variable, the default (off) is kept and the program runs. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=maybe" } */
/* { dg-output "^alaska: warning: ignoring invalid value 'maybe' of ALASKA_STATS \\(expected 1/0, yes/no, true/false or on/off\\)\n" } */
/* { dg-output "ran -1\n$" } */
#include <alaska.h>
#include <stdio.h>

int main(void)
{
  struct alaska_stats st = { .size = sizeof st };
  hfree(halloc(1));
  printf("ran %d\n", alaska_stats_get(&st));
  return 0;
}
