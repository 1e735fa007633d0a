/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/instrumented-lib-main.c: the program of instrumented-library.exp.
   Through pointers from dlsym it calls an instrumented library, which
   gets handles, and the library calls back into the program, which gets
   handles too, and into the C library, which does not.  argv[1]: the
   library.  */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int main_saw_handle;

static size_t own_len (const char *s)
{
  main_saw_handle = (uintptr_t) s >> 63;
  return strlen (s);
}

int main (int argc, char **argv)
{
  void *lib = argc > 1 ? dlopen (argv[1], RTLD_NOW) : NULL;
  if (!lib)
    {
      printf ("cannot load the library: %s\n", dlerror ());
      return 1;
    }
  size_t (*len) (const char *) = (size_t (*) (const char *)) dlsym (lib, "ilib_len");
  size_t (*call) (size_t (*) (const char *), const char *)
    = (size_t (*) (size_t (*) (const char *), const char *)) dlsym (lib, "ilib_call");
  int *saw = (int *) dlsym (lib, "ilib_saw_handle");
  size_t (*libc_len) (const char *) = (size_t (*) (const char *)) dlsym (RTLD_DEFAULT, "strlen");
  char *s = strdup ("hello");
  long ok = 0;
  for (int i = 0; i < 2000; i++)
    {
      ok += len (s) == 5 && *saw == 1;
      ok += call (own_len, s) == 5 && main_saw_handle == 1;
      ok += call (libc_len, s) == 5;
    }
  printf ("library gets handles %d, program gets handles %d, ok %ld\n", *saw,
          main_saw_handle, ok);
  free (s);
  return 0;
}
