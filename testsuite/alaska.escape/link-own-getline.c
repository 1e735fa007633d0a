/* SPDX-License-Identifier: GPL-3.0-or-later */
/* K&R C: the program defines getline in another unit and declares it
   itself (-std=c99: <stdio.h> does not declare the C library's); its
   calls with a heap buffer reach its own definition, never libalaska's
   getline wrapper.  */
/* { dg-do run } */
/* { dg-options "-std=c99" } */
/* { dg-additional-sources "units/own-getline.c" } */
/* { dg-output "^3 lines, longest 10\n$" } */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int getline (char s[], int lim);

int main (void)
{
  /* stdin: this test's three lines, through a pipe of our own.  */
  FILE *in = tmpfile ();
  fputs ("one\nthree four\nfive\n", in);
  rewind (in);
  stdin = in;
  char *line = malloc (100);
  int n, lines = 0, longest = 0;
  while ((n = getline (line, 100)) > 0)
    {
      lines++;
      if (line[n - 1] == '\n')
        n--;
      if (n > longest)
        longest = n;
    }
  printf ("%d lines, longest %d\n", lines, longest);
  free (line);
  return 0;
}
