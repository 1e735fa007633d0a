/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Inline asm is code the plugin did not compile: a pointer in a register
   operand, which the asm dereferences (memcached's crc32q (%1)), gets the
   translated address, while objects move at every barrier. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^sum 46 handle 1\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
static uint64_t load (const uint64_t *p) { uint64_t v; __asm__ ("movq (%1), %0" : "=r" (v) : "r" (p)); return v; }
int main (void) {
  uint64_t *a = malloc (4 * sizeof *a);
  for (int i = 0; i < 4; i++) a[i] = 10 + i;
  uint64_t s = 0;
  for (int i = 0; i < 4; i++) s += load (a + i);
  printf ("sum %lu handle %d\n", (unsigned long) s, (int) ((uintptr_t) a >> 63));
  free (a);
  return 0;
}
