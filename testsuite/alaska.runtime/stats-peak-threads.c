/* SPDX-License-Identifier: GPL-3.0-or-later */
/* handles_peak never exceeds handles_allocated when several threads allocate and free. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^peak ok\n" } */
#include <alaska.h>
#include <pthread.h>
#include <stdio.h>

/* The live count behind handles_peak must stay consistent while other
 * threads allocate and free concurrently. */
static void *work(void *arg)
{
  (void) arg;
  for (int i = 0; i < 1000000; i++)
    hfree(halloc(16));
  return NULL;
}

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, work, NULL);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  struct alaska_stats st = { .size = sizeof st };
  alaska_stats_get(&st);
  if (st.handles_peak > st.handles_allocated) {
    printf("peak %llu > allocated %llu\n", (unsigned long long) st.handles_peak,
           (unsigned long long) st.handles_allocated);
    return 1;
  }
  printf("peak ok\n");
  return 0;
}
