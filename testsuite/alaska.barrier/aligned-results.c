/* SPDX-License-Identifier: GPL-3.0-or-later */
/* posix_memalign, aligned_alloc and memalign give handles that stay handles
   in the program: GCC follows posix_memalign with __builtin_assume_aligned,
   whose argument must not be translated (it was, leaving a raw pointer to a
   movable object).  The objects keep their alignment and contents when a
   barrier moves them, and free() takes them back. */
/* { dg-do run } */
/* { dg-output "^handles 1 1 1\naligned 1 1 1\nmoved 1 1 1\ncontents 1 1 1\n$" } */
#include <alaska.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *obj[3];
static const size_t align[3] = { 64, 128, 256 }, size[3] = { 1000, 1024, 100 };
static void *before[3];

/* Each step in a function of its own: when the barrier runs, no frame
   that translated the objects is live, so nothing pins them. */
__attribute__((noinline)) static void setup (void)
{
  if (posix_memalign (&obj[0], 64, 1000))
    abort ();
  obj[1] = aligned_alloc (128, 1024);
  obj[2] = memalign (256, 100);
  for (int i = 0; i < 3; i++) {
    memset (obj[i], 'a' + i, size[i]);
    before[i] = alaska_translate (obj[i]);
  }
}

__attribute__((noinline)) static void report (void)
{
  int h[3], al[3], mv[3], ct[3];
  for (int i = 0; i < 3; i++) {
    h[i] = (intptr_t) obj[i] < 0;
    al[i] = (uintptr_t) alaska_translate (obj[i]) % align[i] == 0;
    mv[i] = alaska_translate (obj[i]) != before[i];
    ct[i] = ((char *) obj[i])[size[i] - 1] == 'a' + i;
  }
  printf ("handles %d %d %d\n", h[0], h[1], h[2]);
  printf ("aligned %d %d %d\n", al[0], al[1], al[2]);
  printf ("moved %d %d %d\n", mv[0], mv[1], mv[2]);
  printf ("contents %d %d %d\n", ct[0], ct[1], ct[2]);
}

int main (void)
{
  setup ();
  alaska_barrier ();
  report ();
  for (int i = 0; i < 3; i++)
    free (obj[i]);
  return 0;
}
