/* SPDX-License-Identifier: GPL-3.0-or-later */
/* 4 threads x 1e6 mixed halloc/hrealloc/hfree operations with per-object patterns; per-thread checksums equal a plain-malloc replay. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-timeout 120 } */
/* { dg-output "^thread 0 ok\nthread 1 ok\nthread 2 ok\nthread 3 ok\nlive 0\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated \[0-9\]+\nalaska: handles_freed \[0-9\]+\nalaska: handles_live 0\n" } */
#include <alaska.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 4
#define OPS 1000000
#define SLOTS 512

struct slot {
  void *p;
  uint32_t serial;             /* which object this is: the fill pattern */
  uint32_t size;
};

struct job {
  int id;
  int use_handles;             /* 0: plain malloc, the reference */
  uint64_t checksum;
  int bad;
};

static uint64_t next(uint64_t *s)       /* xorshift64* */
{
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 2685821657736338717ull;
}

static uint8_t pattern(uint32_t serial, uint32_t i)
{
  return (uint8_t) (serial * 31 + i * 7 + (serial >> 8));
}

static void *addr(struct job *j, void *p)
{
  return j->use_handles ? alaska_translate(p) : p;
}

/* Check the first n bytes of the object; returns their sum. */
static uint64_t verify(struct job *j, struct slot *s, uint32_t n)
{
  const uint8_t *b = addr(j, s->p);
  uint64_t sum = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (b[i] != pattern(s->serial, i))
      j->bad++;
    sum += b[i];
  }
  return sum;
}

static void fill(struct job *j, struct slot *s, uint32_t from)
{
  uint8_t *b = addr(j, s->p);
  for (uint32_t i = from; i < s->size; i++)
    b[i] = pattern(s->serial, i);
}

static uint32_t pick_size(uint64_t r)
{
  unsigned kind = r % 32;
  r >>= 8;
  if (kind == 0)
    return 0;
  if (kind <= 16)
    return 1 + r % 64;
  if (kind <= 28)
    return 64 + r % 512;
  if (kind <= 30)
    return 512 + r % 4096;
  return 4096 + r % 16384;
}

static void *worker(void *arg)
{
  struct job *j = arg;
  struct slot slots[SLOTS];
  memset(slots, 0, sizeof slots);
  uint64_t rng = 0x9e3779b97f4a7c15ull * (uint64_t) (j->id + 1);
  uint32_t serial = (uint32_t) j->id << 24;
  uint64_t sum = 0;

  for (int op = 0; op < OPS; op++) {
    uint64_t r = next(&rng);
    struct slot *s = &slots[r % SLOTS];
    uint64_t r2 = next(&rng);
    if (!s->p) {                        /* allocate */
      s->size = pick_size(r2);
      s->serial = ++serial;
      s->p = j->use_handles ? ((r2 >> 40) & 1 ? hcalloc(1, s->size) : halloc(s->size))
                            : malloc(s->size ? s->size : 1);
      if (!s->p || (j->use_handles && !alaska_is_handle(s->p)))
        j->bad++;
      fill(j, s, 0);
    } else if ((r2 >> 40) % 3 == 0) {   /* resize */
      uint32_t size = pick_size(r2 >> 3) + 1;
      uint32_t keep = size < s->size ? size : s->size;
      void *old = s->p;
      s->p = j->use_handles ? hrealloc(s->p, size) : realloc(s->p, size);
      if (j->use_handles && s->p != old)
        j->bad++;                       /* hrealloc keeps the handle */
      sum += verify(j, &(struct slot) { s->p, s->serial, keep }, keep);
      s->size = size;
      fill(j, s, keep);
    } else {                            /* free */
      sum += verify(j, s, s->size);
      if (j->use_handles)
        hfree(s->p);
      else
        free(s->p);
      s->p = NULL;
    }
    sum = sum * 1000003 + s->serial;
  }
  for (int i = 0; i < SLOTS; i++)
    if (slots[i].p) {
      sum += verify(j, &slots[i], slots[i].size);
      if (j->use_handles)
        hfree(slots[i].p);
      else
        free(slots[i].p);
    }
  j->checksum = sum;
  return NULL;
}

int main(void)
{
  struct job handles[THREADS], plain[THREADS];
  pthread_t t[THREADS];
  for (int i = 0; i < THREADS; i++) {
    handles[i] = (struct job) { .id = i, .use_handles = 1 };
    plain[i] = (struct job) { .id = i, .use_handles = 0 };
    pthread_create(&t[i], NULL, worker, &handles[i]);
  }
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < THREADS; i++)      /* the same work on plain malloc */
    pthread_create(&t[i], NULL, worker, &plain[i]);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  for (int i = 0; i < THREADS; i++) {
    if (handles[i].bad || plain[i].bad || handles[i].checksum != plain[i].checksum)
      printf("thread %d: %d bad bytes, checksum %#llx, expected %#llx\n", i, handles[i].bad,
             (unsigned long long) handles[i].checksum, (unsigned long long) plain[i].checksum);
    else
      printf("thread %d ok\n", i);
  }
  struct alaska_stats st = { .size = sizeof st };
  alaska_stats_get(&st);
  printf("live %llu\n", (unsigned long long) st.handles_live);
  fflush(stdout);
  return 0;
}
