/* SPDX-License-Identifier: GPL-3.0-or-later */
/* IDs that one thread frees go back through the global pool to another
   that allocates: every ID comes back once, none is handed out twice,
   and no fresh IDs are needed beyond what is left of the allocating
   thread's last page of the table (4096 / ALASKA_ENTRY_SIZE IDs). */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^first 50000\nsecond 50000 distinct 1 fresh 1 values 1\n$" } */
#include <alaska.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 50000 };
static long *h[N];

static uint32_t id_of(void *p)
{
  return (uint32_t) (((uintptr_t) p >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
}

static void *freer(void *arg)
{
  (void) arg;
  for (int i = 0; i < N; i++)
    hfree(h[i]);
  return NULL;
}

static int by_id(const void *a, const void *b)
{
  uint32_t x = *(const uint32_t *) a, y = *(const uint32_t *) b;
  return (x > y) - (x < y);
}

int main(void)
{
  uint32_t max = 0;
  for (int i = 0; i < N; i++) {
    h[i] = halloc(sizeof (long));
    if (id_of(h[i]) > max)
      max = id_of(h[i]);
  }
  printf("first %d\n", N);
  pthread_t t;
  pthread_create(&t, NULL, freer, NULL);
  pthread_join(t, NULL);

  static uint32_t ids[N];
  int fresh = 0, values = 1;
  for (int i = 0; i < N; i++) {
    h[i] = halloc(sizeof (long));
    *(long *) alaska_translate(h[i]) = i;
    ids[i] = id_of(h[i]);
    fresh += ids[i] > max;
  }
  for (int i = 0; i < N; i++)
    values &= *(long *) alaska_translate(h[i]) == i;
  qsort(ids, N, sizeof *ids, by_id);
  int distinct = 1;
  for (int i = 1; i < N; i++)
    distinct &= ids[i] != ids[i - 1];
  printf("second %d distinct %d fresh %d values %d\n", N, distinct, fresh < 4096 / ALASKA_ENTRY_SIZE, values);
  return 0;
}
