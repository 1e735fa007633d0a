/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function pointer from dlsym reaches the C library: the handles in its
   arguments are translated for the call (strlen, strcmp, memcpy of
   strdup'd and malloc'd objects), and a result that points into one of
   their objects (strchr) comes back as a handle, valid after the object
   moved; a pointer to one of the program's own functions still gets them
   as handles.  */
/* { dg-do run } */
/* { dg-options "-ldl" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^strlen 5\nstrcmp -1\nmemcpy hello world\nstrchr handle 1 at 2 moved 1 llo\nown 1 5\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int own_saw_handle;

static size_t own_length (const char *s)
{
  own_saw_handle = (uintptr_t) s >> 63;
  size_t n = 0;
  while (s[n])
    n++;
  return n;
}

size_t (*volatile own) (const char *) = own_length;

int main (void)
{
  size_t (*len) (const char *) = (size_t (*) (const char *)) dlsym (RTLD_DEFAULT, "strlen");
  int (*cmp) (const char *, const char *)
    = (int (*) (const char *, const char *)) dlsym (RTLD_DEFAULT, "strcmp");
  void *(*copy) (void *, const void *, size_t)
    = (void *(*) (void *, const void *, size_t)) dlsym (RTLD_DEFAULT, "memcpy");
  char *s = strdup ("hello"), *t = strdup ("hellp");
  char *buf = malloc (32);
  printf ("strlen %zu\n", len (s));
  int c = cmp (s, t);
  printf ("strcmp %d\n", (c > 0) - (c < 0));
  copy (buf, s, 5);
  copy (buf + 5, " world", 7);
  printf ("memcpy %s\n", buf);
  char *(*find) (const char *, int)
    = (char *(*) (const char *, int)) dlsym (RTLD_DEFAULT, "strchr");
  char *l = find (s, 'l');
  uint32_t id = (uint32_t) ((uintptr_t) s >> 32) & 0x7fffffff;
  void *before = alaska_backing (id);
  alaska_barrier ();
  printf ("strchr handle %d at %d moved %d %s\n", (int) ((uintptr_t) l >> 63), (int) (l - s),
          alaska_backing (id) != before, l);
  size_t n = own (s);
  printf ("own %d %zu\n", own_saw_handle, n);
  free (s);
  free (t);
  free (buf);
  return 0;
}
