/* Functions whose result points into an argument give back handle + offset
   when the argument is a handle, and NULL when they find nothing. */
/* { dg-do run } */
/* { dg-output "^strchr 1 4 Y\nstrrchr 1 12\nstrchrnul 1 4 1 15\nstrstr 1 6\nstrcasestr 1 6\nstrpbrk 1 2\nmemchr 1 7\nmemrchr 1 12\nrawmemchr 1 3\nmisses 0 0 0 0 0 0\nraw 0\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static volatile char needle_q = 'q';

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s = strdup ("the quick brown");   /* a handle */
  char *p = strchr (s, 'q');
  *p = 'Y';                                /* writes through the handle */
  printf ("strchr %d %ld %c\n", alaska_is_handle (p), (long) (p - s), s[4]);
  p = strrchr (s, 'o');
  printf ("strrchr %d %ld\n", alaska_is_handle (p), (long) (p - s));
  p = strchrnul (s, 'Y');
  char *end = strchrnul (s, needle_q);
  printf ("strchrnul %d %ld %d %ld\n", alaska_is_handle (p), (long) (p - s),
          alaska_is_handle (end), (long) (end - s));
  p = strstr (s, "ick");
  printf ("strstr %d %ld\n", alaska_is_handle (p), (long) (p - s));
  p = strcasestr (s, "ICK");
  printf ("strcasestr %d %ld\n", alaska_is_handle (p), (long) (p - s));
  p = strpbrk (s, "xe");
  printf ("strpbrk %d %ld\n", alaska_is_handle (p), (long) (p - s));
  char *m = malloc (16);
  memcpy (m, "abcdefgXhijkXlm", 16);
  p = memchr (m, 'X', 16);
  printf ("memchr %d %ld\n", alaska_is_handle (p), (long) (p - m));
  p = memrchr (m, 'X', 16);
  printf ("memrchr %d %ld\n", alaska_is_handle (p), (long) (p - m));
  p = rawmemchr (m, 'd');
  printf ("rawmemchr %d %ld\n", alaska_is_handle (p), (long) (p - m));
  printf ("misses %d %d %d %d %d %d\n", strchr (s, needle_q) != NULL,
          strrchr (s, needle_q) != NULL, strstr (s, "zz") != NULL,
          strpbrk (s, "zZ") != NULL, memchr (m, 'z', 16) != NULL,
          memrchr (m, 'z', 16) != NULL);
  /* A raw argument gives a raw result. */
  char stack[] = "stack";
  printf ("raw %d\n", alaska_is_handle (strchr (stack, 'a')));
  free (m);
  free (s);
  return 0;
}
