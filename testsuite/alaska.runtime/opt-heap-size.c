/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ALASKA_HEAP_SIZE=2G reserves 2 GiB for the backing region: a 1.5 GiB
   object gets a handle, a second one does not fit and falls back to raw
   memory (counted), which the program still uses. */
/* { dg-do run } */
/* { dg-env "ALASKA_HEAP_SIZE=2G" "ALASKA_VERBOSE=1" "ALASKA_STATS=1" "ALASKA_SERVICE=malloc" } */
/* { dg-output "^alaska: backing region at 0x900000000, 2048 MiB of address space\n" } */
/* { dg-output "alaska: handle table at 0x70000000, service malloc\n" } */
/* { dg-output ".*first 1\nsecond 0\nbytes 3\nraw 1\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define SIZE (UINT64_C(3) << 29)

int main(void)
{
  char *a = malloc(SIZE), *b = malloc(SIZE);
  if (!a || !b)
    abort();
  a[SIZE - 1] = 1;
  b[SIZE - 1] = 2;
  struct alaska_stats st = { .size = sizeof st };
  alaska_stats_get(&st);
  printf("first %d\nsecond %d\nbytes %d\nraw %llu\n", alaska_is_handle(a), alaska_is_handle(b),
         a[SIZE - 1] + b[SIZE - 1], (unsigned long long) st.raw_fallbacks);
  free(a);
  free(b);
  return 0;
}
