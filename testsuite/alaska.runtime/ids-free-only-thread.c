/* SPDX-License-Identifier: GPL-3.0-or-later */
/* IDs freed by a thread that never allocates are recycled after it exits. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^recycled\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

/* A thread that only frees keeps the IDs in its cache; they must go back to
 * the global pool when it exits, not leak. */
static void *hs[100];

static void *freer(void *arg)
{
  (void) arg;
  for (int i = 0; i < 100; i++)
    hfree(hs[i]);
  return NULL;
}

int main(void)
{
  uint32_t max = 0;
  for (int round = 0; round < 1000; round++) {
    for (int i = 0; i < 100; i++) {
      hs[i] = halloc(16);
      uint32_t id = (uint32_t) (((uintptr_t) hs[i] >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
      if (id > max)
        max = id;
    }
    pthread_t t;
    pthread_create(&t, NULL, freer, NULL);
    pthread_join(t, NULL);
  }
  if (max >= 10000) {
    printf("leaked: max ID %u with at most 100 live handles\n", max);
    return 1;
  }
  printf("recycled\n");
  return 0;
}
