/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hrealloc keeps the handle and the contents when growing and shrinking; hrealloc(NULL, n) allocates, hrealloc(h, 0) frees. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^grow 1 1\nshrink 1 1\nregrow 1 1\nnull 1 1\nzero 1 0\nfail 1 1 1\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated 3\nalaska: handles_freed 3\nalaska: handles_live 0\n" } */
#include <alaska.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int check(void *h, size_t n, unsigned seed)
{
  unsigned char *p = alaska_translate(h);
  for (size_t i = 0; i < n; i++)
    if (p[i] != (unsigned char) (seed + i * 7))
      return 0;
  return 1;
}

static void fill(void *h, size_t n, unsigned seed)
{
  unsigned char *p = alaska_translate(h);
  for (size_t i = 0; i < n; i++)
    p[i] = (unsigned char) (seed + i * 7);
}

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  struct alaska_stats st = { .size = sizeof st };

  char *h = halloc(64);
  fill(h, 64, 3);
  char *g = hrealloc(h, 100000);       /* grow: the backing memory moves */
  printf("grow %d %d\n", g == h, check(g, 64, 3));
  fill(g, 100000, 5);

  char *s = hrealloc(g, 10);           /* shrink */
  printf("shrink %d %d\n", s == h, check(s, 10, 5));
  char *r = hrealloc(s, 5000);         /* grow again from the small size */
  printf("regrow %d %d\n", r == h, check(r, 10, 5));

  char *n = hrealloc(NULL, 32);
  printf("null %d %d\n", n != NULL && alaska_is_handle(n), halloc_usable_size(n) >= 32);
  hfree(n);

  alaska_stats_get(&st);
  uint64_t live = st.handles_live;
  void *z = hrealloc(r, 0);            /* frees r */
  alaska_stats_get(&st);
  printf("zero %d %d\n", z == NULL, (int) (live - st.handles_live - 1));

  /* A failed hrealloc leaves the object alone. */
  void *k = halloc(16);
  fill(k, 16, 9);
  errno = 0;
  void *f = hrealloc(k, SIZE_MAX - 4096);
  printf("fail %d %d %d\n", f == NULL, errno == ENOMEM, check(k, 16, 9));
  hfree(k);
  return 0;
}
