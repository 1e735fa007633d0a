/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What never moves: an object pinned across a pass (its translation in
   use), an object kept for another library (alaska_keep) and an exported
   one (alaska_export) stay where they are while the pass compacts their
   size class around them.  4096 objects of 64 bytes fill four pages; the
   first keeps every 16th object, the others every 64th, 128th and 256th,
   the special three among them.  The last three pages are the sparsest:
   their objects move into the first, except the special three.  The kept
   and exported objects stay through a second pass too. */
/* { dg-do run } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-output "^pinned stayed 1\nkept stayed 1 1\nexported stayed 1 1\nothers moved 1\nintact 1\n$" } */
#include <alaska.h>
#include <anchorage.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 4096
static char *obj[N];

/* o is in use (its translation pinned) across the pass. */
static __attribute__((noinline)) int defragment_while_using (char *o)
{
  char *q = o + 1;
  q[0] = 'p';
  void *before = alaska_translate (o);
  anchorage_defragment ();
  q[1] = 'q';
  return alaska_translate (o) == before && o[1] == 'p' && o[2] == 'q';
}

int main (void)
{
  for (int i = 0; i < N; i++) {
    obj[i] = malloc (64);
    memset (obj[i], i & 0x7f, 64);
  }
  static const int every[4] = { 16, 64, 128, 256 };
  for (int i = 0; i < N; i++)
    if (i % every[i / 1024]) {
      free (obj[i]);
      obj[i] = NULL;
    }
  char *kept = obj[1024], *exported = obj[2048], *pinned = obj[3072];
  alaska_keep (kept);
  void *kept_at = alaska_translate (kept);
  void *exported_at = alaska_export (exported);
  void *other_at[N];
  for (int i = 0; i < N; i += 16)
    if (obj[i])
      other_at[i] = alaska_translate (obj[i]);
  struct anchorage_stats a = { .size = sizeof a }, b = { .size = sizeof b };
  anchorage_stats_get (&a);
  printf ("pinned stayed %d\n", defragment_while_using (pinned));
  int kept1 = alaska_translate (kept) == kept_at, exp1 = alaska_translate (exported) == exported_at;
  anchorage_defragment ();
  anchorage_stats_get (&b);
  printf ("kept stayed %d %d\n", kept1, alaska_translate (kept) == kept_at);
  printf ("exported stayed %d %d\n", exp1, alaska_translate (exported) == exported_at);
  int moved = 0, intact = 1;
  for (int i = 0; i < N; i += 16) {
    if (!obj[i])
      continue;
    if (i >= 1024 && obj[i] != kept && obj[i] != exported && obj[i] != pinned)
      moved += alaska_translate (obj[i]) != other_at[i];
    for (int j = i == 3072 ? 3 : 0; j < 64; j++)
      intact &= obj[i][j] == (char) (i & 0x7f);
  }
  /* 16 + 8 + 4 objects in the sparse pages, less the special three */
  printf ("others moved %d\n", moved == 25 && b.objects_moved - a.objects_moved >= 25);
  printf ("intact %d\n", intact);
  return 0;
}
