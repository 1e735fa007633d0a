/* SPDX-License-Identifier: GPL-3.0-or-later */
/* halloc_usable_size answers from a table by handle ID once a program has
   asked (halloc.c): blocks have theirs set when allocated or reallocated
   (small blocks of the malloc service from jemalloc's size classes, others
   by asking the service), others when first asked; frees, moves and the
   reuse of an ID clear them.  Every answer must be the service's own, here
   the malloc service's (jemalloc's usable size of the backing block),
   through allocations of all kinds, reallocs both ways and IDs handed out
   again; and a freed handle must still be refused by name once the table
   is in use.  alaska.anchorage/usable-size-known.c runs it on Anchorage. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-exit-status 134 } */
/* { dg-output "^first 48\nchecked 6194, wrong 0\nhandle (0x\[0-9a-f\]+)\nalaska: malloc_usable_size of freed handle \\1\n$" } */
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 774 };
static void *h[N];
static unsigned long checked, wrong;

static void check(void *p, size_t asked)
{
  uint32_t id = (uint32_t) ((uintptr_t) p >> 32) & 0x7fffffff;
  size_t service = alaska_current_service()->usable_size(id, alaska_translate(p));
  for (int twice = 0; twice < 2; twice++) {  /* filled or set, then known */
    size_t n = halloc_usable_size(p);
    checked++;
    wrong += n != service || n < asked;
  }
}

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  void *first = halloc(40);     /* allocated before the table exists */
  printf("first %zu\n", halloc_usable_size(first));
  for (int round = 0; round < 2; round++) {  /* the second reuses the IDs */
    for (int i = 0; i < N; i++) {
      size_t size = (size_t) i * (round ? 11 : 7);
      switch (i % 3) {
      case 0: h[i] = halloc(size); break;
      case 1: h[i] = hcalloc(1, size); break;
      default: h[i] = haligned_alloc(64, size + 1); size++; break;
      }
      check(h[i], size);
    }
    for (int i = 0; i < N; i++) {
      size_t size = (size_t) (N - i) * (round ? 3 : 13) + 1;  /* both ways */
      h[i] = hrealloc(h[i], size);
      check(h[i], size);
    }
    for (int i = 0; i < N; i++)
      hfree(h[i]);
  }
  check(first, 40);
  printf("checked %lu, wrong %lu\n", checked, wrong);
  printf("handle %p\n", first);
  hfree(first);
  printf("not reached %zu\n", halloc_usable_size(first));
  return 0;
}
