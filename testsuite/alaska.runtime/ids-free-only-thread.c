/* IDs freed by a thread that never allocates are recycled after it exits (XFAIL: known libalaska bug, they leak). */
/* { dg-do run { xfail *-*-* } } */
/* { dg-alaska-mode plain } */
/* { dg-output "^recycled\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

/* handle-table.c registers the thread-exit flush of a thread's ID cache
 * only in refill(), i.e. on the thread's first allocation.  A thread that
 * only frees keeps up to 128 IDs in its cache, and they are lost when it
 * exits: here 1000 short-lived threads free 100 handles each, and the IDs
 * climb to 99999 although at most 100 handles are ever live. */
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
