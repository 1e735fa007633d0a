/* SPDX-License-Identifier: GPL-3.0-or-later */
/* strtok, strtok_r and strsep on handles: every token, and the saved and
   advanced pointers, are handle + offset into the buffer. */
/* { dg-do run } */
/* { dg-output "^strtok 1:0:a 1:2:bb 1:6:ccc \nstrtok_r 1:0:x 1:2:y 1:4:z \nstrsep 1:0:k 1:2: 1:3:v rest 0\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *buf = strdup ("a,bb,,ccc,");
  printf ("strtok ");
  for (char *t = strtok (buf, ","); t; t = strtok (NULL, ","))
    printf ("%d:%ld:%s ", alaska_is_handle (t), (long) (t - buf), t);
  printf ("\n");

  char *buf2 = strdup ("x y z");
  char **save = malloc (sizeof *save);     /* the save pointer on the heap */
  printf ("strtok_r ");
  for (char *t = strtok_r (buf2, " ", save); t; t = strtok_r (NULL, " ", save))
    printf ("%d:%ld:%s ", alaska_is_handle (t), (long) (t - buf2), t);
  printf ("\n");

  char *buf3 = strdup ("k==v");
  char *cursor = buf3;
  printf ("strsep ");
  for (int i = 0; i < 3; i++)
    {
      char *t = strsep (&cursor, "=");
      printf ("%d:%ld:%s ", alaska_is_handle (t), (long) (t - buf3), t);
    }
  printf ("rest %d\n", cursor != NULL);
  free (buf3), free (save), free (buf2), free (buf);
  return 0;
}
