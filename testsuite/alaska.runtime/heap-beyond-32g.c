/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The backing region reserves address space only, far more than 32 GiB
   (alaska-abi.h: an entry holds a whole address): 24 objects of 3 GiB,
   never written but at their two ends, all get handles, most of them
   backed more than 32 GiB above the region's start, and the program's
   own accesses through them (translated by the plugin) reach the right
   bytes. */
/* { dg-do run } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "handles 24\nfar 1\nintact 24\nraw 0\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 24 };
#define SIZE (UINT64_C(3) << 30)

int main(void)
{
  unsigned char *h[N];
  int handles = 0, far = 0, intact = 0;
  for (int i = 0; i < N; i++) {
    h[i] = malloc(SIZE);
    if (!h[i])
      abort();
    handles += alaska_is_handle(h[i]);
    uintptr_t b = (uintptr_t) alaska_translate(h[i]);
    far += b - ALASKA_BACKING_BASE >= (UINT64_C(32) << 30);
    h[i][0] = (unsigned char) i;
    h[i][SIZE - 1] = (unsigned char) (i + 100);
  }
  for (int i = 0; i < N; i++)
    intact += h[i][0] == i && h[i][SIZE - 1] == i + 100;
  struct alaska_stats st = { .size = sizeof st };
  alaska_stats_get(&st);
  printf("handles %d\nfar %d\nintact %d\nraw %llu\n", handles, far >= N / 2, intact,
         (unsigned long long) st.raw_fallbacks);
  for (int i = 0; i < N; i++)
    free(h[i]);
  return 0;
}
