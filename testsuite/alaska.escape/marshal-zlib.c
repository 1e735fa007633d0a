/* SPDX-License-Identifier: GPL-3.0-or-later */
/* zlib's deflate and inflate with the z_stream in malloc'd memory and its
   next_in and next_out pointing into malloc'd buffers: the stream is
   passed translated (and kept), and the plugin marshals the pointer
   members inside it for every call.  A round trip in one call each, in
   calls of 7 bytes in and out, and of 1000; every unpinned object moves
   between calls, and during inflate and deflateInit (the allocator
   callback).  After each call the cursors are handles again, advanced
   within their buffers. */
/* { dg-do run } */
/* { dg-options "-Wl,--no-as-needed -lz" } */
/* { dg-output "^chunk 0: 20000 -> small -> 20000, same\n" } */
/* { dg-output "chunk 7: 20000 -> small -> 20000, same\n" } */
/* { dg-output "chunk 1000: 20000 -> small -> 20000, same\n" } */
/* { dg-output "zalloc called: yes\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static int allocs;
static _Alignas (16) unsigned char pool[1 << 20];      /* one stream's */
static size_t pool_used;

/* zlib's allocator, called in the middle of inflate and deflateInit with
   the stream's buffers marshalled: it moves every unpinned object first.
   Its memory is raw (a pointer member that is a callback is not
   marshalled: what it returns reaches zlib as it is). */
static void *zalloc_moving (void *opaque, unsigned items, unsigned size)
{
  (void) opaque;
  allocs++;
  alaska_barrier ();
  size_t n = ((size_t) items * size + 15) & ~(size_t) 15;
  if (pool_used + n > sizeof pool)
    return NULL;
  pool_used += n;
  return memset (pool + pool_used - n, 0, n);
}

static void zfree_plain (void *opaque, void *p)
{
  (void) opaque, (void) p;
}

/* Compress n bytes of src into dst (cap bytes), feeding and draining
   `chunk' bytes at a time (chunk 0: one call). */
static size_t squeeze (const unsigned char *src, size_t n, unsigned char *dst, size_t cap,
                       unsigned chunk)
{
  z_stream *z = calloc (1, sizeof *z);
  pool_used = 0;
  z->zalloc = zalloc_moving;
  z->zfree = zfree_plain;
  if (deflateInit (z, 6) != Z_OK)
    abort ();
  z->next_in = (unsigned char *) src;
  z->next_out = dst;
  int ret;
  do
    {
      size_t in_left = n - (size_t) (z->next_in - src);
      size_t out_left = cap - (size_t) (z->next_out - dst);
      z->avail_in = chunk && in_left > chunk ? chunk : in_left;
      z->avail_out = chunk && out_left > chunk ? chunk : out_left;
      if (!alaska_is_handle (z->next_in) || !alaska_is_handle (z->next_out))
        abort ();
      ret = deflate (z, z->avail_in == in_left ? Z_FINISH : Z_NO_FLUSH);
      alaska_barrier ();
    }
  while (ret == Z_OK || ret == Z_BUF_ERROR);
  if (ret != Z_STREAM_END)
    abort ();
  size_t out = z->total_out;
  if ((size_t) (z->next_out - dst) != out)
    abort ();
  deflateEnd (z);
  free (z);
  return out;
}

static size_t expand (const unsigned char *src, size_t n, unsigned char *dst, size_t cap,
                      unsigned chunk)
{
  z_stream *z = calloc (1, sizeof *z);
  pool_used = 0;
  z->zalloc = zalloc_moving;
  z->zfree = zfree_plain;
  z->next_in = (unsigned char *) src;
  if (inflateInit (z) != Z_OK)
    abort ();
  z->next_out = dst;
  int ret;
  do
    {
      size_t in_left = n - (size_t) (z->next_in - src);
      size_t out_left = cap - (size_t) (z->next_out - dst);
      z->avail_in = chunk && in_left > chunk ? chunk : in_left;
      z->avail_out = chunk && out_left > chunk ? chunk : out_left;
      ret = inflate (z, Z_NO_FLUSH);
      alaska_barrier ();
    }
  while (ret == Z_OK);
  if (ret != Z_STREAM_END)
    abort ();
  size_t out = z->total_out;
  inflateEnd (z);
  free (z);
  return out;
}

int main (void)
{
  size_t n = 20000;
  unsigned char *text = malloc (n);
  for (size_t i = 0; i < n; i++)
    text[i] = "the quick brown fox jumps over the lazy dog "[i % 44] ^ (i / 997 & 7);
  unsigned chunks[] = { 0, 7, 1000 };
  for (unsigned c = 0; c < 3; c++)
    {
      unsigned char *packed = malloc (n + 100), *back = malloc (n + 100);
      size_t p = squeeze (text, n, packed, n + 100, chunks[c]);
      size_t b = expand (packed, p, back, n + 100, chunks[c]);
      printf ("chunk %u: %zu -> %s -> %zu, %s\n", chunks[c], n, p < n / 10 ? "small" : "big",
              b, b == n && !memcmp (back, text, n) ? "same" : "DIFFERENT");
      free (packed), free (back);
    }
  printf ("zalloc called: %s\n", allocs >= 6 ? "yes" : "no");
  free (text);
  return 0;
}
