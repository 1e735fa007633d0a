/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A derived pointer passed to the C library is passed as `p ? t + (p - root)
   : 0'; that select is the pointer the call reads, so the pin of its
   translation lasts through the call.  Before, the pin ended at the
   select, the next translation (s) took its slot, and a barrier in memcpy
   moved the block under it (Redis's feedReplicationBuffer: the old copy of
   a 64 KiB replication buffer block was written after its move).  */
/* { dg-do compile } */
#include <string.h>

struct block { long used; char buf[64]; };

void fill (struct block *b, const char *s, size_t n)
{
  b->used = (long) n;
  memcpy (b->buf, s, n);
}
/* { dg-final { scan-alaska-dump-times "^alaska: pin set of 2 slots" 1 } } */
