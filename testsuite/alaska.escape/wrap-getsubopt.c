/* SPDX-License-Identifier: GPL-3.0-or-later */
/* getsubopt, as memcached parses its -o options: the option string is
   strdup'd and so are the tokens, in a malloc'd array.  *optionp advances
   through the string and *valuep points into it, both as handle + offset
   (alaska_getsubopt), and parsing goes on after a barrier has moved the
   string between two calls; the string's commas and equals signs have
   become terminators in the moved object, which ends as "item_size=4096". */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^0 value 4096 handle 1 offset 10 moved 1\n" } */
/* { dg-output "2 value none handle 0 offset 0 moved 1\n" } */
/* { dg-output "-1 value bogus=1 handle 1 offset 34 moved 1\n" } */
/* { dg-output "1 value 7 handle 1 offset 50 moved 1\n" } */
/* { dg-output "end 1 string item_size=4096\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

static int is_handle (const void *p)
{
  return ((uintptr_t) p >> 63) != 0;
}

/* Moves every unpinned object; says whether s moved. */
static __attribute__((noinline)) int barrier_moves (const char *s)
{
  void *before = backing (s);
  alaska_barrier ();
  return backing (s) != before;
}

/* Its own frame pins what printf reads, not main's. */
static __attribute__((noinline)) void report (int r, const char *value, const char *start,
                                              int moved)
{
  printf ("%d value %s handle %d offset %d moved %d\n", r, value ? value : "none",
          is_handle (value), value ? (int) (value - start) : 0, moved);
}

int main (void)
{
  char **tokens = malloc (4 * sizeof *tokens);
  tokens[0] = strdup ("item_size");
  tokens[1] = strdup ("threads");
  tokens[2] = strdup ("relaxed_privileges");
  tokens[3] = NULL;
  char *start = strdup ("item_size=4096,relaxed_privileges,bogus=1,threads=7");
  char *subopts = start, *value;
  for (int i = 0; i < 4; i++) {
    int moved = barrier_moves (start);
    int r = getsubopt (&subopts, tokens, &value);
    report (r, value, start, moved);
  }
  printf ("end %d string %s\n", is_handle (subopts) && subopts == start + 51, start);
  for (int i = 0; tokens[i]; i++)
    free (tokens[i]);
  free (tokens), free (start);
  return 0;
}
