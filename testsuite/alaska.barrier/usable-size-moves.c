/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A moved object keeps its malloc_usable_size: programs that add it up at
   allocation and take it off at free (Redis's used_memory) must see the
   same figure before and after barriers, although the malloc service
   moves objects into blocks of other sizes.  realloc after a move keeps
   the contents.  */
/* { dg-do run } */
/* { dg-output "^moved 6 of 6\nsame 6 of 6\nrealloc ok\n$" } */
#include <alaska.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const size_t sizes[6] = { 1, 24, 40, 100, 1000, 70000 };
static char *p[6];
static size_t before[6];
static void *where[6];

/* In a frame of its own: its pin set is gone when the barriers run. */
static void __attribute__ ((noinline)) setup (void)
{
  for (int i = 0; i < 6; i++)
    {
      p[i] = malloc (sizes[i]);
      memset (p[i], 'a' + i, sizes[i]);
      before[i] = malloc_usable_size (p[i]);
      where[i] = alaska_translate (p[i]);
    }
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  setup ();
  if (alaska_barrier () || alaska_barrier ())
    return 1;
  int moved = 0, same = 0;
  for (int i = 0; i < 6; i++)
    {
      moved += alaska_translate (p[i]) != where[i];
      same += malloc_usable_size (p[i]) == before[i]
              && p[i][0] == 'a' + i && p[i][sizes[i] - 1] == 'a' + i;
    }
  printf ("moved %d of 6\nsame %d of 6\n", moved, same);
  p[3] = realloc (p[3], 5000);
  int ok = malloc_usable_size (p[3]) >= 5000;
  for (size_t k = 0; k < sizes[3]; k++)
    ok &= p[3][k] == 'a' + 3;
  printf ("realloc %s\n", ok ? "ok" : "wrong");
  for (int i = 0; i < 6; i++)
    free (p[i]);
  return 0;
}
