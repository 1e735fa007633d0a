/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A thread's cached memory goes back when it exits.  A thread that frees
   all it allocated (100000 objects of 48 bytes) leaves the heap's extent
   and live bytes exactly as they were once it is joined: its pages,
   empty, went back to the pool, the current ones included.  A thread
   that exits with 100000 objects still allocated leaves its pages to
   others: the live bytes and the extent they need remain, the objects are
   intact, and once the main thread has freed them and a pass has run,
   the extent is what it was. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^freed all: extent back 1 live back 1\nkept: live 4800000 extent ok 1\nintact 1\nfreed later: extent back 1 live back 1\n$" } */
#include <anchorage.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 100000
static char *obj[N];

static void *alloc_all (void *keep)
{
  for (int i = 0; i < N; i++) {
    obj[i] = malloc (48);
    memset (obj[i], i & 0xff, 48);
  }
  if (!keep)
    for (int i = 0; i < N; i++)
      free (obj[i]);
  return NULL;
}

static void run (void *keep)
{
  pthread_t t;
  pthread_create (&t, NULL, alloc_all, keep);
  pthread_join (t, NULL);
}

int main (void)
{
  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b };
  anchorage_stats_get (&a);
  run (NULL);
  anchorage_stats_get (&b);
  printf ("freed all: extent back %d live back %d\n", b.extent_bytes == a.extent_bytes,
          b.live_bytes == a.live_bytes);

  run ((void *) 1);
  anchorage_stats_get (&b);
  unsigned long long live = b.live_bytes - a.live_bytes, extent = b.extent_bytes - a.extent_bytes;
  /* 1365 blocks of 48 bytes fill a 64 KiB page: 74 pages. */
  printf ("kept: live %llu extent ok %d\n", live, extent == 74 * 65536);
  int intact = 1;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < 48; j++)
      intact &= obj[i][j] == (char) (i & 0xff);
  printf ("intact %d\n", intact);
  for (int i = 0; i < N; i++)
    free (obj[i]);
  anchorage_defragment ();
  anchorage_stats_get (&b);
  printf ("freed later: extent back %d live back %d\n", b.extent_bytes == a.extent_bytes,
          b.live_bytes == a.live_bytes);
  return 0;
}
