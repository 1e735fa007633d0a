/* SPDX-License-Identifier: GPL-3.0-or-later */
/* __atomic builtins on fields of heap objects, including the internal
   functions GCC folds them into (.ATOMIC_COMPARE_EXCHANGE): Redis's
   hdr_histogram under redis-benchmark --threads crashed. */
/* { dg-do run } */
/* { dg-output "^min 5 max 9 count 3\n$" } */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

struct hist { int64_t min_value, max_value, total; };

__attribute__((noinline)) static void
record (struct hist *h, int64_t value)
{
  int64_t cur;
  do
    {
      cur = __atomic_load_n (&h->min_value, __ATOMIC_SEQ_CST);
      if (cur <= value)
        break;
    }
  while (!__atomic_compare_exchange_n (&h->min_value, &cur, value, 0,
                                       __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  do
    {
      cur = __atomic_load_n (&h->max_value, __ATOMIC_SEQ_CST);
      if (value <= cur)
        break;
    }
  while (!__atomic_compare_exchange_n (&h->max_value, &cur, value, 0,
                                       __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
  __atomic_add_fetch (&h->total, 1, __ATOMIC_SEQ_CST);
}

int main (void)
{
  struct hist *h = malloc (sizeof *h);
  h->min_value = INT64_MAX;
  h->max_value = 0;
  h->total = 0;
  record (h, 7);
  record (h, 5);
  record (h, 9);
  printf ("min %lld max %lld count %lld\n", (long long) h->min_value,
          (long long) h->max_value, (long long) h->total);
  return !(h->min_value == 5 && h->max_value == 9 && h->total == 3);
}
