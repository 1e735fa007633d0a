/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libpng's simplified API with the png_image in malloc'd memory and
   malloc'd pixel and file buffers: a 37x23 RGBA image written to memory,
   read back, and compared; every unpinned object moves between calls.
   The png_image's one pointer member, `opaque', holds libpng's own memory
   (a marshalled slot, left alone); the pixel and file buffers are
   arguments, kept for good as libpng's are (it reads the file buffer
   again in png_image_finish_read). */
/* { dg-do run } */
/* { dg-options "-Wl,--no-as-needed -lpng16" } */
/* { dg-output "^written \[1-9\]\\d* bytes\nread 37x23 format 3 same 1\n$" } */
#include <alaska.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main (void)
{
  const unsigned w = 37, h = 23;
  png_image *img = calloc (1, sizeof *img);
  img->version = PNG_IMAGE_VERSION;
  img->width = w;
  img->height = h;
  img->format = PNG_FORMAT_RGBA;
  unsigned char *pixels = malloc (PNG_IMAGE_SIZE (*img));
  for (unsigned i = 0; i < PNG_IMAGE_SIZE (*img); i++)
    pixels[i] = (unsigned char) (i * 7 + i / 13);
  png_alloc_size_t size = 0;
  if (!png_image_write_to_memory (img, NULL, &size, 0, pixels, 0, NULL))
    return 1;
  unsigned char *file = malloc (size);
  alaska_barrier ();
  if (!png_image_write_to_memory (img, file, &size, 0, pixels, 0, NULL))
    return 2;
  printf ("written %zu bytes\n", (size_t) size);
  alaska_barrier ();

  png_image *in = malloc (sizeof *in);
  memset (in, 0, sizeof *in);
  in->version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory (in, file, size))
    return 3;
  alaska_barrier ();
  in->format = PNG_FORMAT_RGBA;
  unsigned char *back = malloc (PNG_IMAGE_SIZE (*in));
  if (!png_image_finish_read (in, NULL, back, 0, NULL))
    return 4;
  alaska_barrier ();
  printf ("read %ux%u format %u same %d\n", in->width, in->height, in->format,
          !memcmp (back, pixels, PNG_IMAGE_SIZE (*img)));
  png_image_free (in);
  free (back), free (in), free (file), free (pixels), free (img);
  return 0;
}
