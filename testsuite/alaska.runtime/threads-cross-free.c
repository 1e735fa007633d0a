/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Handles allocated on one thread and freed on another (producer/consumer): contents arrive intact and the IDs are recycled. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^consumed 1000000 bad 0\nrecycled 1\nlive 0\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated 1000000\nalaska: handles_freed 1000000\nalaska: handles_live 0\n" } */
#include <alaska.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define N 1000000
#define RING 1024

static void *ring[RING];
static unsigned head, tail;     /* head: next to fill, tail: next to take */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;
static uint32_t max_id;

static void put(void *h)
{
  pthread_mutex_lock(&lock);
  while (head - tail == RING)
    pthread_cond_wait(&not_full, &lock);
  ring[head++ % RING] = h;
  pthread_cond_signal(&not_empty);
  pthread_mutex_unlock(&lock);
}

static void *take(void)
{
  pthread_mutex_lock(&lock);
  while (head == tail)
    pthread_cond_wait(&not_empty, &lock);
  void *h = ring[tail++ % RING];
  pthread_cond_signal(&not_full);
  pthread_mutex_unlock(&lock);
  return h;
}

static void *producer(void *arg)
{
  (void) arg;
  for (uint32_t i = 0; i < N; i++) {
    size_t size = 8 + i % 200;
    uint32_t *h = halloc(size);
    uint32_t id = (uint32_t) (((uintptr_t) h >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
    if (id > max_id)
      max_id = id;
    uint32_t *p = alaska_translate(h);
    p[0] = i;
    p[1] = (uint32_t) size;
    memset(p + 2, (int) (i & 0xff), size - 8);
    put(h);
  }
  return NULL;
}

static void *consumer(void *arg)
{
  unsigned *bad = arg;
  for (uint32_t i = 0; i < N; i++) {
    uint32_t *h = take();
    uint32_t *p = alaska_translate(h);
    const uint8_t *b = (const uint8_t *) (p + 2);
    if (p[0] != i || p[1] != 8 + i % 200)
      ++*bad;
    for (uint32_t k = 0; k < p[1] - 8; k++)
      if (b[k] != (i & 0xff))
        ++*bad;
    hfree(h);
  }
  return NULL;
}

int main(void)
{
  unsigned bad = 0;
  pthread_t p, c;
  pthread_create(&c, NULL, consumer, &bad);
  pthread_create(&p, NULL, producer, NULL);
  pthread_join(p, NULL);
  pthread_join(c, NULL);
  printf("consumed %d bad %u\n", N, bad);
  /* At most RING objects are live at a time; if the consumer's freed IDs
   * did not get back to the producer, it would use a million IDs. */
  printf("recycled %d\n", max_id < 16384);
  if (max_id >= 16384)
    printf("max id %u\n", max_id);
  struct alaska_stats st = { .size = sizeof st };
  alaska_stats_get(&st);
  printf("live %llu\n", (unsigned long long) st.handles_live);
  fflush(stdout);
  return 0;
}
