/* SPDX-License-Identifier: GPL-3.0-or-later */
/* calls.c: N calls of one function of a library the plugin did not
   compile, with its arguments in malloc'd memory, for counting what the
   boundary costs per call (bench/boundary/measure runs it under callgrind
   built with gcc and with alaska-gcc).

     calls KIND N      KIND: deflate inflate inflate-empty iconv getpwnam_r
                             localtime_r strlen memcpy

   deflate: Z_NO_FLUSH of 64 bytes into a 256-byte buffer; inflate:
   inflateReset then inflate of a 64-byte message (two calls); inflate-empty:
   inflate with nothing to read; iconv: 16 bytes Latin-1 to UTF-8;
   getpwnam_r("root"); localtime_r; strlen of a 16-byte string; memcpy of 16
   bytes.  Prints a checksum of the results so that no call is dead. */
#define _GNU_SOURCE
#include <iconv.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

static void die (const char *what)
{
  fprintf (stderr, "calls: %s failed\n", what);
  exit (1);
}

static z_stream *new_stream (void)
{
  z_stream *z = calloc (1, sizeof *z);
  if (!z)
    die ("calloc");
  return z;
}

int main (int argc, char **argv)
{
  if (argc != 3)
    {
      fprintf (stderr, "usage: calls KIND N\n");
      return 2;
    }
  const char *kind = argv[1];
  long n = atol (argv[2]);
  unsigned long sum = 0;
  size_t len = 16 + (argc > 3);         /* not a constant: memcpy stays a call */
  unsigned char *in = malloc (256), *out = malloc (256);
  if (!in || !out)
    die ("malloc");
  for (int i = 0; i < 256; i++)
    in[i] = "hello, boundary "[i % 16];
  in[255] = 0;

  if (!strcmp (kind, "deflate"))
    {
      z_stream *z = new_stream ();
      if (deflateInit (z, 1) != Z_OK)
        die ("deflateInit");
      for (long i = 0; i < n; i++)
        {
          z->next_in = in, z->avail_in = 64;
          z->next_out = out, z->avail_out = 256;
          sum += deflate (z, Z_NO_FLUSH) + z->avail_out;
        }
      deflateEnd (z);
    }
  else if (!strcmp (kind, "inflate") || !strcmp (kind, "inflate-empty"))
    {
      unsigned char *packed = malloc (256);
      uLongf packed_len = 256;
      if (!packed || compress (packed, &packed_len, in, 64) != Z_OK)
        die ("compress");
      z_stream *z = new_stream ();
      if (inflateInit (z) != Z_OK)
        die ("inflateInit");
      int empty = !strcmp (kind, "inflate-empty");
      for (long i = 0; i < n; i++)
        {
          if (empty)
            {
              z->next_in = packed, z->avail_in = 0;
              z->next_out = out, z->avail_out = 256;
              sum += inflate (z, Z_NO_FLUSH) + 100;
              continue;
            }
          inflateReset (z);
          z->next_in = packed, z->avail_in = packed_len;
          z->next_out = out, z->avail_out = 256;
          sum += inflate (z, Z_FINISH) + z->avail_out;
        }
      inflateEnd (z);
      free (packed);
    }
  else if (!strcmp (kind, "iconv"))
    {
      iconv_t cd = iconv_open ("UTF-8", "ISO-8859-1");
      if (cd == (iconv_t) -1)
        die ("iconv_open");
      for (long i = 0; i < n; i++)
        {
          char *ip = (char *) in, *op = (char *) out;
          size_t il = 16, ol = 256;
          sum += iconv (cd, &ip, &il, &op, &ol) + ol;
        }
      iconv_close (cd);
    }
  else if (!strcmp (kind, "getpwnam_r"))
    {
      struct passwd *pwd = malloc (sizeof *pwd), *res;
      char *buf = malloc (4096);
      if (!pwd || !buf)
        die ("malloc");
      for (long i = 0; i < n; i++)
        sum += getpwnam_r ("root", pwd, buf, 4096, &res) + (res == pwd);
    }
  else if (!strcmp (kind, "localtime_r"))
    {
      struct tm *tm = malloc (sizeof *tm);
      time_t *t = malloc (sizeof *t);
      if (!tm || !t)
        die ("malloc");
      *t = 1700000000;
      for (long i = 0; i < n; i++)
        sum += localtime_r (t, tm)->tm_hour;
    }
  else if (!strcmp (kind, "strlen"))
    {
      in[16] = 0;
      for (long i = 0; i < n; i++)
        sum += strlen ((char *) in + (i & 1));
    }
  else if (!strcmp (kind, "memcpy"))
    {
      for (long i = 0; i < n; i++)
        sum += ((unsigned char *) memcpy (out, in + (i & 1), len))[0];
    }
  else
    {
      fprintf (stderr, "calls: unknown KIND '%s'\n", kind);
      return 2;
    }
  printf ("%s %ld: %lu\n", kind, n, sum);
  free (out), free (in);
  return 0;
}
