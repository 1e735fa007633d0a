/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under ALASKA_STRESS=1 barriers stop a loop whose register cursor is
   derived from the frame cursor PHI beside it (alaska.translate/
   frames-run.h), with no pin of its own: the frame it points into must
   stay pinned by the frame cursor's, while the frames not in use move.
   An unpinned register cursor reads the poison of a moved frame's old
   copy and the sum comes out wrong. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^sum 56271880000 in 20000 rounds\nmoved 1\n" } */
/* { dg-output ".*\nalaska: barriers \[1-9\]\\d*\nalaska: barriers_failed 0\n" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>

#include "../alaska.translate/frames-run.h"

enum { FRAMES = 8, CODE = 4000, ROUNDS = 20000 };

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct frame *frames[FRAMES];
  void *before[FRAMES];
  for (int i = 0; i < FRAMES; i++)
    frames[i] = malloc (sizeof *frames[i]);
  for (int i = 0; i < FRAMES; i++)
    {
      frames[i]->up = frames[(i + 1) % FRAMES];
      for (int r = 0; r < 8; r++)
        frames[i]->regs[r] = 100 * i + r;
      before[i] = alaska_translate (frames[i]);
    }
  unsigned char *code = malloc (CODE);
  for (int k = 0; k < CODE; k++)
    code[k] = k % 5 == 4 ? 0 : 1 + k % 7;
  long sum = 0;
  for (int r = 0; r < ROUNDS; r++)
    sum += run_frames (frames[r % FRAMES], code, CODE);
  int moved = 0;
  for (int i = 0; i < FRAMES; i++)
    moved |= alaska_translate (frames[i]) != before[i];
  printf ("sum %ld in %d rounds\nmoved %d\n", sum, ROUNDS, moved);
  return 0;
}
