/* SPDX-License-Identifier: GPL-3.0-or-later */
/* iconv (cd, &in, &inlen, &out, &outlen) on malloc'd buffers: glibc reads
   and advances both cursors through their slots.  Converted a few output
   bytes at a time, with every unpinned object moved between calls; the
   cursors stay handles into their buffers, and the result is exact.  A
   null input slot (the final flush) is left alone. */
/* { dg-do run } */
/* { dg-output "^steps 5 in 1 at 21 out 1 at 17 flush 0 out 17 same 1\n$" } */
#include <alaska.h>
#include <iconv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  const char *utf8 = "gr\xc3\xbc\xc3\x9f" "e, caf\xc3\xa9 na\xc3\xafve";
  const char *latin1 = "gr\xfc\xdf" "e, caf\xe9 na\xefve";
  iconv_t cd = iconv_open ("ISO-8859-1", "UTF-8");
  if (cd == (iconv_t) -1)
    return 1;
  char *src = strdup (utf8), *dst = malloc (64);
  char *in = src, *out = dst;
  size_t inlen = strlen (src), outlen;
  int steps = 0;
  while (inlen)
    {
      outlen = 4 - (size_t) (out - dst) % 4;    /* up to the next 4 bytes */
      size_t r = iconv (cd, &in, &inlen, &out, &outlen);
      if (r == (size_t) -1 && inlen && outlen)
        return 2;
      steps++;
      alaska_barrier ();
    }
  outlen = 64 - (size_t) (out - dst);
  size_t f = iconv (cd, NULL, NULL, &out, &outlen);
  printf ("steps %d in %d at %ld out %d at %ld flush %zu out %ld same %d\n", steps,
          alaska_is_handle (in), (long) (in - src), alaska_is_handle (out),
          (long) (out - dst), f, (long) (out - dst),
          out - dst == (long) strlen (latin1) && !memcmp (dst, latin1, strlen (latin1)));
  iconv_close (cd);
  free (dst), free (src);
  return 0;
}
