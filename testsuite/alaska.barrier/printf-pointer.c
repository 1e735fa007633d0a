/* SPDX-License-Identifier: GPL-3.0-or-later */
/* printf's %p prints the handle the program holds, not where its object
   is: called directly (the plugin leaves %p arguments alone) and through
   the program's own variadic function (vsnprintf's wrapper leaves them
   alone too).  So a pointer prints the same after barriers have moved its
   object, as Redis's DEBUG OBJECT "at:" must for its INCR-in-place test,
   and scanf's %p reads it back as a handle that still reaches the
   object's contents.  */
/* { dg-do run } */
/* { dg-output "^direct handle 1 same 1\nva_list same 1\nmoved 1 after same 1 1\nscanf back 1 reads hello\n$" } */
#include <alaska.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Prints p into a buffer of 64 through a va_list.  */
__attribute__ ((noipa))
static void print_in (char *buf, ...)
{
  va_list ap;
  va_start (ap, buf);
  vsnprintf (buf, 64, "<%p>", ap);
  va_end (ap);
}

static char *h;
static char direct[64];
static void *where;

/* In a frame of its own: its pin set is gone when the barriers run. */
static void __attribute__ ((noinline)) setup (void)
{
  /* h is the first handle, ID 0.  Before main's pin set was cleared at
     entry, its slots held what the C library's start-up left on the
     stack, under address randomization sometimes 0x8000000000000006,
     which pinned h (1 run in 4 printed "moved 0").  */
  h = malloc (16);
  strcpy (h, "hello");
  char want[64], viava[64];
  /* The handle's value, printed without printf's %p.  */
  snprintf (want, sizeof want, "<0x%llx>", (unsigned long long) (__UINTPTR_TYPE__) h);
  snprintf (direct, sizeof direct, "<%p>", (void *) h);
  print_in (viava, (void *) h);
  printf ("direct handle %d same %d\n", alaska_is_handle (h), strcmp (direct, want) == 0);
  printf ("va_list same %d\n", strcmp (viava, direct) == 0);
  where = alaska_translate (h);
}

int main (void)
{
  setup ();
  if (alaska_barrier () || alaska_barrier ())
    return 1;
  char after_direct[64], after_va[64];
  snprintf (after_direct, sizeof after_direct, "<%p>", (void *) h);
  print_in (after_va, (void *) h);
  printf ("moved %d after same %d %d\n", alaska_translate (h) != where,
          strcmp (after_direct, direct) == 0, strcmp (after_va, direct) == 0);

  void *back = NULL;
  sscanf (direct, "<%p>", &back);
  printf ("scanf back %d reads %s\n", back == (void *) h, (char *) back);
  free (h);
  return 0;
}
