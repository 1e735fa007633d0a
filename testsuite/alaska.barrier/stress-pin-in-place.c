/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under ALASKA_STRESS=1 barriers stop a loop whose cursor steps along
   arrays of steps and jumps between them (alaska.translate/
   mixed-cursor.h), with the pins of both its PHIs in place: the slot
   that pinned the step it left must pin the one it jumped to, while the
   arrays not in use move.  A pin left on the old array lets the new one
   move under the cursor, which then reads the poison of its old copy and
   the sum comes out wrong. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^sum 141362100000 in 400000 rounds\nmoved 1\n" } */
/* { dg-output ".*\nalaska: barriers \[1-9\]\\d*\nalaska: barriers_failed 0\n" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>

#include "../alaska.translate/mixed-cursor.h"

enum { ARRAYS = 8, STEPS = 16, RUN = 1000, ROUNDS = 400000 };

static volatile long ticks;

__attribute__((noinline)) void tick (void)
{
  ticks++;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct step *arrays[ARRAYS];
  void *before[ARRAYS];
  for (int i = 0; i < ARRAYS; i++)
    arrays[i] = malloc (STEPS * sizeof (struct step));
  /* Each array's step 5 jumps into the middle of the array three on, its
     last step to the start of the next. */
  for (int i = 0; i < ARRAYS; i++)
    {
      for (int k = 0; k < STEPS; k++)
        arrays[i][k] = (struct step) { 1, 100 * i + k, NULL };
      arrays[i][5] = (struct step) { 0, 100 * i + 5, &arrays[(i + 3) % ARRAYS][2] };
      arrays[i][STEPS - 1] = (struct step) { 0, 100 * i + STEPS - 1,
                                             arrays[(i + 1) % ARRAYS] };
      before[i] = alaska_translate (arrays[i]);
    }
  long sum = 0;
  for (int r = 0; r < ROUNDS; r++)
    sum += mixed (&arrays[r % ARRAYS][r % STEPS], RUN);
  int moved = 0;
  for (int i = 0; i < ARRAYS; i++)
    moved |= alaska_translate (arrays[i]) != before[i];
  printf ("sum %ld in %d rounds\nmoved %d\n", sum, ROUNDS, moved);
  return 0;
}
