/* SPDX-License-Identifier: GPL-3.0-or-later */
/* halloc returns a handle; reads and writes through alaska_translate; offset arithmetic on handles. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-output "^handle 1\nbyte 0x5a\nlong 1234567890123\noffset 1\nbacking 1\nusable 1\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

int main(void)
{
  char *h = halloc(100);
  if (!h)
    return 1;
  printf("handle %d\n", alaska_is_handle(h));

  char *p = alaska_translate(h);
  memset(p, 0x5a, 100);
  printf("byte %#x\n", *(unsigned char *) alaska_translate(h + 99));

  long *l = alaska_translate(h + 16);
  *l = 1234567890123L;
  printf("long %ld\n", *(long *) alaska_translate(h + 16));

  int ok = 1;
  for (int i = 0; i < 100; i++)
    if ((char *) alaska_translate(h + i) != p + i)
      ok = 0;
  printf("offset %d\n", ok && (char *) alaska_translate(h + 5) == (char *) alaska_translate(h) + 5);

  /* The table entry of the handle holds the backing address. */
  uint32_t id = (uint32_t) (((uintptr_t) h >> ALASKA_ID_SHIFT) & (ALASKA_MAX_HANDLES - 1));
  printf("backing %d\n", alaska_backing(id) == (void *) p);
  printf("usable %d\n", halloc_usable_size(h) >= 100);
  hfree(h);
  return 0;
}
