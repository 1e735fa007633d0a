/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The table of known usable sizes (halloc.c) takes one byte per handle
   ID: asking the usable size of a million handles, allocated before the
   table existed, grows the resident set by about 1 MiB (the table of 4
   bytes per ID it replaced grew it by 4 MiB), and every answer is still
   the service's own. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^answers 2000000, wrong 0\ntable: at most 2 MiB\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1000000 };

static long resident_kib(void)
{
  long size, resident;
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f || fscanf(f, "%ld %ld", &size, &resident) != 2)
    abort();
  fclose(f);
  return resident * 4;
}

int main(void)
{
  void **h = malloc(N * sizeof *h);     /* raw: the program's own malloc */
  for (int i = 0; i < N; i++)
    h[i] = halloc(16 + (i % 4) * 16);
  unsigned long answers = 0, wrong = 0;
  long before = resident_kib();
  for (int twice = 0; twice < 2; twice++)
    for (int i = 0; i < N; i++) {
      size_t n = halloc_usable_size(h[i]);
      answers++;
      wrong += n != alaska_region_usable_size(alaska_translate(h[i]));
    }
  long grown = resident_kib() - before;
  printf("answers %lu, wrong %lu\n", answers, wrong);
  if (grown <= 2048)
    printf("table: at most 2 MiB\n");
  else
    printf("table: grew the resident set by %ld KiB\n", grown);
  return 0;
}
