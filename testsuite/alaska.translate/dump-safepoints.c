/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Safepoints: one at every function's entry, one on every back edge, one
   before every call into uninstrumented code; each is the 5-byte NOP with
   an ALASKA_NOTE_SAFEPOINT note, and the entry one encodes where the pin
   set is (lea of its stack slot). */
/* { dg-do compile } */
#include <string.h>
extern void tick (void);

int straight (int *p)
{
  int x = p[0];
  tick ();
  return x + p[1];
}

void clear (char *p, int rows, int cols)
{
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      {
        memset (p + i * cols, 0, j);
        tick ();
      }
}
/* { dg-final { scan-alaska-dump-fn-times straight "^alaska: safepoints: 1 entry, 0 latch, 0 call$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times straight "^alaska: pin set of 1 slots$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times clear "^alaska: safepoints: 1 entry, 2 latch, 1 call$" 1 } } */
/* Five NOPs and notes in all; the entry ones with kind 1 and the lea. */
/* { dg-final { scan-alaska-asm-times {\.byte 0x0f, 0x1f, 0x44, 0x00, 0x00\n} 5 } } */
/* { dg-final { scan-alaska-asm-times {\.long 3\n\s*\.asciz "Alaska"} 5 } } */
/* { dg-final { scan-alaska-asm-fn straight {\.short 1\n\s*\.short 1\n\.Lalaska_lea\d+:\n\s*lea -?\d*\(%r[sb]p\), %rax} } } */
