/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Under Anchorage too, malloc_usable_size is answered from libalaska's
   table of known sizes once a program asks (halloc.c): a byte per handle
   ID, set when an object is allocated, the handle table's eighth.  A
   million queries of a million live handles grow the resident set by at
   most that byte per ID (and 64 KiB); every answer is the size of the
   object's class, and is the same when asked again.  Once the objects are
   freed, the table's pages go back to the kernel with the handle table's:
   a million handles allocated, asked and freed leave at most 256 KiB more
   resident than a million allocated and freed without a question. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^answers 2000000, wrong 0\ntable: at most a byte per ID\nfreed: given back\n$" } */
#include <stdlib.h>
#include <malloc.h>
#include "rss.h"

enum { N = 1000000 };
static char *h[N];

static void allocate (void)
{
  for (int i = 0; i < N; i++)
    h[i] = malloc (16 + (i % 4) * 16);
}

static void release (void)
{
  for (int i = 0; i < N; i++)
    free (h[i]);
}

int main (void)
{
  allocate ();                  /* without a question: the table's pages */
  release ();                   /* are all that differs below */
  long kept_plain = rss_bytes ();
  allocate ();
  long before = rss_bytes ();
  unsigned long answers = 0, wrong = 0;
  for (int i = 0; i < N; i++)
    {
      size_t n = malloc_usable_size (h[i]);
      answers += 2;
      wrong += n != 16 + (size_t) (i % 4) * 16 || malloc_usable_size (h[i]) != n;
    }
  long grown = rss_bytes () - before;
  release ();
  long kept = rss_bytes () - kept_plain;
  printf ("answers %lu, wrong %lu\n", answers, wrong);
  if (grown <= N + 64 * 1024)
    printf ("table: at most a byte per ID\n");
  else
    printf ("table: the resident set grew by %ld KiB\n", grown / 1024);
  if (kept <= 256 * 1024)
    printf ("freed: given back\n");
  else
    printf ("freed: %ld KiB more kept\n", kept / 1024);
  return 0;
}
