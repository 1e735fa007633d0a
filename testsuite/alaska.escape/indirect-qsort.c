/* SPDX-License-Identifier: GPL-3.0-or-later */
/* qsort from dlsym, called through the pointer: the trampoline translates
   the heap array and pins it while qsort runs -- a barrier in the
   comparison function finds the pin through the trampoline's frame and
   moves other objects but not the array.  (indirect-keep.c checks that
   what a C library function was given moves again after the call.)  */
/* { dg-do run } */
/* { dg-options "-ldl" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^sorted 1 2 3 5 8 13 21\nbarrier 0 array moved 0 other moved 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int *array;
static char *other;
static int barriers = -1, array_moved = -1, other_moved = -1;

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

static int compare (const void *a, const void *b)
{
  if (barriers < 0)
    {
      void *before = backing (array), *other_before = backing (other);
      barriers = alaska_barrier ();
      array_moved = backing (array) != before;
      other_moved = backing (other) != other_before;
    }
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

int main (void)
{
  void (*sort) (void *, size_t, size_t, int (*) (const void *, const void *))
    = (void (*) (void *, size_t, size_t, int (*) (const void *, const void *)))
      dlsym (RTLD_DEFAULT, "qsort");
  int v[] = { 13, 2, 21, 1, 8, 3, 5 };
  array = malloc (sizeof v);
  other = malloc (16);
  for (int i = 0; i < 7; i++)
    array[i] = v[i];
  sort (array, 7, sizeof *array, compare);
  printf ("sorted");
  for (int i = 0; i < 7; i++)
    printf (" %d", array[i]);
  printf ("\nbarrier %d array moved %d other moved %d\n", barriers, array_moved, other_moved);
  free (array);
  free (other);
  return 0;
}
