/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hfree(NULL) is a no-op; hfree, hrealloc and halloc_usable_size forward raw malloc'd pointers to libc. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ALASKA_STATS=1" } */
/* { dg-output "^usable 1\nrealloc 1 1\nnull-usable 0\ndone\n" } */
/* { dg-output "alaska: service malloc\nalaska: handles_allocated 0\nalaska: handles_freed 0\nalaska: handles_live 0\nalaska: handles_peak 0\nalaska: bytes_live 0\nalaska: raw_fallbacks 0\nalaska: table_bytes 0\n$" } */
#include <alaska.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
  setvbuf(stdout, NULL, _IONBF, 0);
  hfree(NULL);

  char *p = malloc(50);                /* libc: this file is not compiled with the plugin */
  strcpy(p, "raw memory");
  printf("usable %d\n", !alaska_is_handle(p) && halloc_usable_size(p) == malloc_usable_size(p));
  char *q = hrealloc(p, 100000);
  printf("realloc %d %d\n", q && !alaska_is_handle(q), strcmp(q, "raw memory") == 0);
  printf("null-usable %zu\n", halloc_usable_size(NULL));
  hfree(q);
  hfree(NULL);
  printf("done\n");
  return 0;
}
