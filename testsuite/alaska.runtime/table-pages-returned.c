/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Handle IDs hold no memory once their objects are dead: after a million
   handles are freed in random order but for 100, the table keeps the
   pages of those 100 and at most about 1 MiB of empty pages for reuse
   (table_bytes, and the resident set of the table's mapping in
   /proc/self/smaps); new handles take IDs in pages kept, not fresh ones;
   and a freed handle whose page was given back still faults when used. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" "ALASKA_SERVICE=malloc" } */
/* { dg-output "^before 8388608\nsmaps before 1\nafter bounded 1\nsmaps after bounded 1\nregrow 0\nfreed 1\nfault\n" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { N = 1 << 20, KEEP = 100, PAGE_IDS = 4096 / ALASKA_ENTRY_SIZE, NEW = 1000 };
#define SLACK_BYTES ((uint64_t) 1 << 20)

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

static uint64_t table_bytes(void)
{
  struct alaska_stats st = { .size = sizeof st };
  if (alaska_stats_get(&st))
    abort();
  return st.table_bytes;
}

/* Rss of the mapping of handle IDs' entries, in bytes. */
static uint64_t smaps_rss(void)
{
  char want[64], line[256];
  snprintf(want, sizeof want, "%llx-", (unsigned long long) ALASKA_TABLE_BASE);
  FILE *f = fopen("/proc/self/smaps", "r");
  int in = 0;
  uint64_t kb = UINT64_MAX;
  while (f && fgets(line, sizeof line, f)) {
    if (strchr(line, '-') && strchr(line, '-') < strchr(line, ' '))
      in = !strncmp(line, want, strlen(want));
    else if (in && sscanf(line, "Rss: %lu kB", &kb) == 1)
      break;
  }
  if (f)
    fclose(f);
  if (kb == UINT64_MAX)
    abort();
  return kb * 1024;
}

static uint32_t id_of(const void *h)
{
  return (uint32_t) (((uintptr_t) h >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
}

static void on_fault(int sig)
{
  (void) sig;
  write(1, "fault\n", 6);
  _exit(0);
}

int main(void)
{
  void **h = malloc(N * sizeof *h);
  uint32_t *order = malloc(N * sizeof *order);
  unsigned char *page_kept = calloc(N / PAGE_IDS + 1, 1);
  for (uint32_t i = 0; i < N; i++) {
    h[i] = halloc(16);
    order[i] = i;
  }
  uint64_t before = table_bytes();
  printf("before %llu\n", (unsigned long long) before);
  printf("smaps before %d\n", smaps_rss() >= before);
  for (uint32_t i = N - 1; i > 0; i--) {
    uint32_t j = (uint32_t) (next() % (i + 1)), t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  /* The first KEEP of the shuffled order stay; the rest are freed. */
  uint64_t kept_pages = 0;
  for (uint32_t i = 0; i < KEEP; i++) {
    uint32_t p = id_of(h[order[i]]) / PAGE_IDS;
    kept_pages += !page_kept[p];
    page_kept[p] = 1;
  }
  for (uint32_t i = KEEP; i < N; i++)
    hfree(h[order[i]]);
  uint64_t after = table_bytes(), rss = smaps_rss();
  uint64_t bound = kept_pages * 4096 + SLACK_BYTES + 64 * 4096;
  printf("after bounded %d\n", after >= kept_pages * 4096 && after <= bound);
  printf("smaps after bounded %d\n", rss <= bound);
  if (after > bound || rss > bound)
    printf("table_bytes %llu, rss %llu, kept pages %llu\n", (unsigned long long) after,
           (unsigned long long) rss, (unsigned long long) kept_pages);
  void **more = malloc(NEW * sizeof *more);
  for (int i = 0; i < NEW; i++)
    more[i] = halloc(16);
  printf("regrow %llu\n", (unsigned long long) (table_bytes() - after));
  /* A handle of the highest page with no live entry below the last
     page (which is the thread's own, and which the new handles took):
     its page is given back, and its entry reads free. */
  void *gone = NULL;
  for (uint32_t i = N - PAGE_IDS; i-- > 0 && !gone; )
    if (!page_kept[id_of(h[i]) / PAGE_IDS])
      gone = h[i];
  printf("freed %d\n", alaska_translate(gone) == gone);
  fflush(stdout);
  signal(SIGSEGV, on_fault);
  signal(SIGBUS, on_fault);
  *(volatile int *) alaska_translate(gone) = 1;
  printf("no fault\n");
  return 1;
}
