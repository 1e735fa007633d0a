/* SPDX-License-Identifier: GPL-3.0-or-later */
/* demo.c: an ordinary C program whose heap fragments -- a cache that fills
 * with small records, evicts most of them at random, then refills with
 * larger ones -- printing its resident memory as it goes.  `make demo'
 * builds it with plain gcc and with ./alaska-gcc and runs both side by
 * side (examples/run-demo). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SLOTS 400000

static double rss_mib(void)
{
  long pages = 0, resident = 0;
  FILE *f = fopen("/proc/self/statm", "r");
  if (f) {
    if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
      resident = 0;
    fclose(f);
  }
  return resident * (double) sysconf(_SC_PAGESIZE) / (1 << 20);
}

static void report(const char *phase, double t)
{
  printf("%5.1f s  %-28s %6.1f MiB\n", t, phase, rss_mib());
  fflush(stdout);
}

static double now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static char *record(size_t size, unsigned seed)
{
  char *r = malloc(size);
  for (size_t i = 0; i < size; i++)
    r[i] = (char) (seed + i);
  return r;
}

int main(void)
{
  static char *cache[SLOTS];
  static size_t sizes[SLOTS];
  double t0 = now();
  volatile unsigned long sum = 0;   /* keeps the lookups */

  srand(42);
  report("start", 0);
  for (int i = 0; i < SLOTS; i++)
    cache[i] = record(sizes[i] = 96 + rand() % 64, i);
  report("filled: 400k small records", now() - t0);

  for (int i = 0; i < SLOTS; i++)
    if (rand() % 10) {
      free(cache[i]);
      cache[i] = NULL;
    }
  report("evicted 90% at random", now() - t0);

  for (int i = 0; i < SLOTS / 40; i++) {
    int slot = rand() % SLOTS;
    free(cache[slot]);
    cache[slot] = record(sizes[slot] = 1500 + rand() % 1000, slot);
  }
  report("refilled: 10k larger records", now() - t0);

  /* Serve lookups for a while, as a cache does between bursts. */
  for (int tick = 1; tick <= 8; tick++) {
    double until = now() + 1.0;
    while (now() < until)
      for (int i = 0; i < 1000; i++) {
        int slot = rand() % SLOTS;
        if (cache[slot])
          sum += (unsigned char) cache[slot][sizes[slot] / 2];
      }
    report("serving lookups", now() - t0);
  }

  for (int i = 0; i < SLOTS; i++)
    free(cache[i]);
  return 0;
}
