/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One million live handles, each readable, then all freed: the statistics return to zero live handles. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^distinct 1\ncontents 1\npeak 1000000 1000000 1000000\nafter 0 1000000 0\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated 1000000\nalaska: handles_freed 1000000\nalaska: handles_live 0\nalaska: handles_peak 1000000\nalaska: bytes_live 0\nalaska: raw_fallbacks 0\nalaska: table_bytes \[0-9\]+\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define N 1000000

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  uint32_t **h = malloc(N * sizeof *h);
  unsigned char *seen = calloc(N, 1);
  int distinct = 1;
  for (uint32_t i = 0; i < N; i++) {
    h[i] = halloc(sizeof(uint32_t) * (1 + i % 4));
    *(uint32_t *) alaska_translate(h[i]) = i * 2654435761u;
    uint64_t id = ((uintptr_t) h[i] >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1);
    /* All live IDs differ; with nothing freed they are dense. */
    if (!alaska_is_handle(h[i]) || id >= N || seen[id]++)
      distinct = 0;
  }
  printf("distinct %d\n", distinct);
  int ok = 1;
  for (uint32_t i = 0; i < N; i++)
    ok &= *(uint32_t *) alaska_translate(h[i]) == i * 2654435761u;
  printf("contents %d\n", ok);

  struct alaska_stats st = { .size = sizeof st };
  alaska_stats_get(&st);
  printf("peak %llu %llu %llu\n", (unsigned long long) st.handles_live,
         (unsigned long long) st.handles_peak, (unsigned long long) st.handles_allocated);
  for (uint32_t i = 0; i < N; i++)
    hfree(h[i]);
  alaska_stats_get(&st);
  printf("after %llu %llu %llu\n", (unsigned long long) st.handles_live,
         (unsigned long long) st.handles_freed, (unsigned long long) st.bytes_live);
  free(h);
  free(seen);
  return 0;
}
