/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The trampoline translates the handles in argument registers only: a
   function of a plain-gcc library, reached through a pointer, that takes
   its seventh and eighth pointer on the stack gets those as handles, and
   the program dies at the library's first use of one (a handle is not a
   canonical address), rather than going on with a wrong result.  */
/* { dg-do run } */
/* { dg-plain-library "units/plain-table.c" } */
/* { dg-exit-status SIGSEGV } */
/* { dg-output "^six in registers 21\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include "units/plain-table.h"
const struct plain_table *plain_table (void) __attribute__((alaska_external));

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  const struct plain_table *t = plain_table ();
  long *v[8];
  for (int i = 0; i < 8; i++)
    {
      v[i] = malloc (sizeof (long));
      *v[i] = i < 6 ? i + 1 : 0;
    }
  long zero = 0;
  printf ("six in registers %ld\n", t->sum8 (v[0], v[1], v[2], v[3], v[4], v[5], &zero, &zero));
  printf ("eight %ld\n", t->sum8 (v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]));
  return 0;
}
