/* SPDX-License-Identifier: GPL-3.0-or-later */
/* getopt_long on a heap vector of heap strings (as gzip builds from $GZIP):
   libc parses a translated copy; optarg comes back as handle + offset into
   its word, and GNU getopt's permutation of the vector is mirrored into
   the program's vector. */
/* { dg-do run } */
/* { dg-output "^opt v\nopt o=out.gz 1 3\nopt level=9 1 8\nrest file1 file2\n$" } */
#include <alaska.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  const char *words[] = { "prog", "file1", "-v", "-oout.gz", "file2", "--level=9" };
  int argc = 6;
  char **argv = calloc (argc + 1, sizeof *argv);
  for (int i = 0; i < argc; i++)
    argv[i] = strdup (words[i]);
  static const struct option longopts[] = {
    { "level", required_argument, NULL, 'l' }, { NULL, 0, NULL, 0 }
  };
  int c;
  while ((c = getopt_long (argc, argv, "vo:", longopts, NULL)) != -1)
    switch (c)
      {
      case 'v':
        printf ("opt v\n");
        break;
      case 'o':
        printf ("opt o=%s %d %ld\n", optarg, alaska_is_handle (optarg),
                (long) (optarg - argv[optind - 1]) + 1);
        break;
      case 'l':
        printf ("opt level=%s %d %ld\n", optarg, alaska_is_handle (optarg),
                (long) (optarg - argv[optind - 1]));
        break;
      }
  printf ("rest");
  for (int i = optind; i < argc; i++)
    printf (" %s", argv[i]);
  printf ("\n");
  return 0;
}
