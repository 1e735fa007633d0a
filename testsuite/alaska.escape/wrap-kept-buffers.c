/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Functions that keep or reallocate what they are given: getline and
   getdelim grow a heap buffer (it stays a handle), putenv keeps a heap
   string, setvbuf/setbuf/setbuffer keep a heap buffer as a stream's
   buffer, and strerror_r, dirname and basename return pointers into their
   arguments. */
/* { dg-do run } */
/* { dg-output "^getline 1 6 first\n:getline 1 47 second line, much longer than the first one ok\n:getdelim 1 4 abc;\nstream-owned 0 3 def\nputenv 1 bar\nsetvbuf 1 hello\nsetbuf 1 world\nsetbuffer 1 again\nstrerror_r No such file or directory\ndirname 1 0 /usr/lib\nbasename 1 9 libc\\.so\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <errno.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void check_stream (const char *name, FILE *f, const char *buf, const char *text)
{
  fputs (text, f);
  fflush (f);
  rewind (f);
  char line[64] = "";
  if (!fgets (line, sizeof line, f))
    perror ("fgets");
  /* The text went through the heap buffer. */
  printf ("%s %d %s\n", name, alaska_is_handle (buf), strncmp (buf, text, strlen (text)) == 0 ? line : "(not in the buffer)");
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  FILE *in = tmpfile ();
  fputs ("first\nsecond line, much longer than the first one ok\nabc;def", in);
  rewind (in);

  size_t cap = 4;
  char *line = malloc (cap);
  ssize_t len = getline (&line, &cap, in);
  printf ("getline %d %zd %s:", alaska_is_handle (line), len, line);
  len = getline (&line, &cap, in);      /* grows the handle */
  printf ("getline %d %zd %s:", alaska_is_handle (line), len, line);
  len = getdelim (&line, &cap, ';', in);
  printf ("getdelim %d %zd %s\n", alaska_is_handle (line), len, line);
  free (line);
  /* A NULL buffer is allocated by libc: a raw pointer, freed by free. */
  char *owned = NULL;
  size_t owned_cap = 0;
  len = getline (&owned, &owned_cap, in);
  printf ("stream-owned %d %zd %s\n", alaska_is_handle (owned), len, owned);
  free (owned);
  fclose (in);

  char *env = strdup ("ALASKA_TEST_PUTENV=bar");
  putenv (env);
  printf ("putenv %d %s\n", alaska_is_handle (env), getenv ("ALASKA_TEST_PUTENV"));

  char *buf = malloc (BUFSIZ);
  FILE *f = tmpfile ();
  setvbuf (f, buf, _IOFBF, BUFSIZ);
  check_stream ("setvbuf", f, buf, "hello");
  fclose (f);
  f = tmpfile ();
  setbuf (f, buf);
  check_stream ("setbuf", f, buf, "world");
  fclose (f);
  f = tmpfile ();
  setbuffer (f, buf, BUFSIZ);
  check_stream ("setbuffer", f, buf, "again");
  fclose (f);
  free (buf);

  char *msg = malloc (128);
  char *r = strerror_r (ENOENT, msg, 128);
  printf ("strerror_r %s\n", r);
  free (msg);

  char *path = strdup ("/usr/lib/libc.so");
  char *copy = strdup (path);
  char *d = dirname (path);
  printf ("dirname %d %ld %s\n", alaska_is_handle (d), (long) (d - path), d);
  char *b = basename (copy);
  printf ("basename %d %ld %s\n", alaska_is_handle (b), (long) (b - copy), b);
  free (copy);
  free (path);
  return 0;
}
