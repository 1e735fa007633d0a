/* SPDX-License-Identifier: GPL-3.0-or-later */
/* scandir's `struct dirent ***namelist': the plugin marshals *namelist
   and checks the first element below it.  A null list is filled in as
   usual (the C library's memory, freed with free); a list of the
   program's own, whose first entry is a handle, stops the program before
   the call, naming the function and the argument (the type cannot say
   that scandir only writes there). */
/* { dg-do run } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^scandir 2 a b\n" } */
/* { dg-output "alaska: scandir: argument 2 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int visible (const struct dirent *d)
{
  return d->d_name[0] != '.';
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char dir[] = "/tmp/alaska-scandir-XXXXXX";
  if (!mkdtemp (dir))
    return 1;
  char *path = malloc (strlen (dir) + 3);
  for (const char *n = "ab"; *n; n++)
    {
      sprintf (path, "%s/%c", dir, *n);
      fclose (fopen (path, "w"));
    }
  struct dirent **list = NULL;
  int n = scandir (dir, &list, visible, alphasort);
  printf ("scandir %d", n);
  for (int i = 0; i < n; i++)
    {
      printf (" %s", list[i]->d_name);
      sprintf (path, "%s/%s", dir, list[i]->d_name);
      unlink (path);
      free (list[i]);
    }
  printf ("\n");
  free (list);
  rmdir (dir);

  list = malloc (2 * sizeof *list);
  list[0] = calloc (1, sizeof **list);
  n = scandir (dir, &list, visible, alphasort);
  printf ("not reached: %d\n", n);
  return 0;
}
