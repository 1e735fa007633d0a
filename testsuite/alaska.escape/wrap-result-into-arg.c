/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Functions whose result points into an argument give back handle + offset
   when the argument is a handle, and NULL when they find nothing: string
   searches, and the time, date, path and number conversions that return
   the buffer they were given or a place in it. */
/* { dg-do run } */
/* { dg-output "^strchr 1 4 Y\nstrrchr 1 12\nstrchrnul 1 4 1 15\nstrstr 1 6\nstrcasestr 1 6\nstrpbrk 1 2\nmemchr 1 7\nmemrchr 1 12\nrawmemchr 1 3\nmisses 0 0 0 0 0 0\ngmtime_r 1 1 101 localtime_r 1 1\nstrptime 1 10 2024 basename 1 9 gcvt 1 1 2.5\nraw 0\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
  struct tm *tm = malloc (sizeof *tm);
  time_t t = 1000000000;                   /* 2001-09-09 01:46:40 UTC */
  struct tm *r = gmtime_r (&t, tm);
  printf ("gmtime_r %d %d %d", alaska_is_handle (r), r == tm, r->tm_year);
  r = localtime_r (&t, tm);
  printf (" localtime_r %d %d\n", alaska_is_handle (r), r == tm);
  char *date = strdup ("2024-02-29 rest");
  p = strptime (date, "%Y-%m-%d", tm);
  printf ("strptime %d %ld %d", alaska_is_handle (p), (long) (p - date), tm->tm_year + 1900);
  char *path = strdup ("/usr/lib/alaska");
  p = basename (path);
  printf (" basename %d %ld", alaska_is_handle (p), (long) (p - path));
  char *buf = malloc (32);
  p = gcvt (2.5, 4, buf);
  printf (" gcvt %d %d %s\n", alaska_is_handle (p), p == buf, p);
  free (buf);
  free (path);
  free (date);
  free (tm);
  /* A raw argument gives a raw result. */
  char stack[] = "stack";
  printf ("raw %d\n", alaska_is_handle (strchr (stack, 'a')));
  free (m);
  free (s);
  return 0;
}
