/* SPDX-License-Identifier: GPL-3.0-or-later */
/* external-address.c's thunks under -flto: a thunk is a lowered function
   with a CFG before free_lang_data prepares the unit for streaming (the
   first version crashed cc1 there), and is instrumented at link time. */
/* { dg-do run } */
/* { dg-options "-flto" } */
/* { dg-output "^lto 9 1\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef ssize_t (*write_fn) (int, const void *, size_t);
static write_fn volatile out = write;

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  char *s = malloc (16);
  strcpy (s, "lto ");
  ssize_t n = out (1, s, strlen (s));
  printf ("%zd %d\n", n + 5, alaska_is_handle (s));
  free (s);
  return 0;
}
