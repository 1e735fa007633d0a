/* SPDX-License-Identifier: GPL-3.0-or-later */
/* getsubopt reads and advances the option string through its first
   argument, and stores into its third a pointer into that string:
   memcached's `-o' options, parsed from a strdup'd copy.  The plugin
   marshals both slots (and the known array of tokens): the cursor comes
   back as a handle advanced within its object, the value as a handle into
   the same object, while every unpinned object moves between calls. */
/* { dg-do run } */
/* { dg-output "^0 verbose rest 8 handle 1 value - at -1 handle 0\n" } */
/* { dg-output "1 port rest 19 handle 1 value 11211 at 13 handle 1\n" } */
/* { dg-output "2 name rest 27 handle 1 value mc at 24 handle 1\n" } */
/* { dg-output "-1 \\? rest 34 handle 1 value bogus=1 at 27 handle 1\n" } */
/* { dg-output "heap cursor: 1 port 11211 at 5, end 10 handle 1\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  char *const tokens[] = { "verbose", "port", "name", NULL };
  char *start = strdup ("verbose,port=11211,name=mc,bogus=1");
  char *opts = start, *value;
  while (*opts)
    {
      value = (char *) 1;        /* a pure out-parameter: no handle */
      int i = getsubopt (&opts, tokens, &value);
      printf ("%d %s rest %ld handle %d value %s at %ld handle %d\n", i,
              i >= 0 ? tokens[i] : "?", (long) (opts - start), alaska_is_handle (opts),
              value ? value : "-", value ? (long) (value - start) : -1L,
              alaska_is_handle (value));
      alaska_barrier ();
    }

  /* The cursor itself in the heap, with the tokens. */
  char **cursor = malloc (sizeof *cursor);
  char *copy = strdup ("port=11211");
  *cursor = copy;
  int i = getsubopt (cursor, tokens, &value);
  alaska_barrier ();
  printf ("heap cursor: %d %s %s at %ld, end %ld handle %d\n", i, tokens[i], value,
          (long) (value - copy), (long) (*cursor - copy), alaska_is_handle (*cursor));
  free (copy), free (cursor), free (start);
  return 0;
}
