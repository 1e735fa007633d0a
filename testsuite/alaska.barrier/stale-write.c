/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The stress oracle catches a write through a raw pointer kept across a
   move: the malloc service poisons a moved object's old copy, and before
   freeing it (after the next barrier) checks that the poison is intact.
   Without the check the write went unnoticed into memory libc hands out
   again.  alaska_translate gives a raw pointer with no pin, which is
   exactly such a pointer once a barrier has run.  */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^moved 1\nalaska: stress: the old copy of handle ID \[0-9\]+ \\(\[0-9\]+ bytes at 0x\[0-9a-f\]+\\) was written after its object moved: byte 5 is 0x21, not the poison 0xa5\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *h;
static char *raw;

/* In a frame of its own: its pin set is gone when the barriers run. */
static void __attribute__ ((noinline)) setup (void)
{
  h = malloc (32);
  strcpy (h, "hello");
  raw = alaska_translate (h);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  setup ();
  if (alaska_barrier ())
    return 1;
  printf ("moved %d\n", (char *) alaska_translate (h) != raw);
  raw[5] = '!';                 /* stale: the object is elsewhere now */
  alaska_barrier ();
  alaska_barrier ();
  printf ("not reached\n");
  return 0;
}
