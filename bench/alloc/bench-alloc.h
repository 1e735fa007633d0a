/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-alloc.h: what the allocation benchmarks of bench/alloc/ share:
 * their random numbers (xorshift64) and the reading of their numeric
 * arguments, with a message naming a bad one. */
#ifndef BENCH_ALLOC_H
#define BENCH_ALLOC_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static inline uint64_t next (uint64_t *s)
{
  uint64_t x = *s;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return *s = x;
}

/* argv[i] as a number in 1..max, or def when absent; exits 2 otherwise. */
static inline long arg (const char *prog, int argc, char **argv, int i, long def, long max)
{
  if (argc <= i)
    return def;
  char *end;
  long v = strtol (argv[i], &end, 10);
  if (*end || v < 1 || v > max) {
    fprintf (stderr, "%s: argument %d '%s' is not a number in 1..%ld\n", prog, i, argv[i], max);
    exit (2);
  }
  return v;
}
#endif
