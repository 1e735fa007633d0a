/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The resolver's name compressors read and extend dnptrs, an array of
   pointers to the names already in the message (libalaska's
   wrappers-dnptrs.c).  With the message and the array malloc'd, dn_comp
   and ns_name_compress write names that point back to earlier ones; the
   array's pointers stay, and become, handles into the message; a barrier
   moves both between the calls; dn_expand reads the names back. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^www.example.com 17 mail.example.com 7 ftp.example.com 6\n" } */
/* { dg-output "pointers 4 handles into the message 4 moved 1\n$" } */
#include <alaska.h>
#include <arpa/nameser.h>
#include <resolv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* The name at offset off of the message, expanded. */
static const char *name (const unsigned char *msg, int len, int off, char *out)
{
  if (dn_expand (msg, msg + len, msg + off, out, 256) < 0)
    return "?";
  return out;
}

/* The array, its first pointer the message's start: set up in a
   function of its own, so that main pins neither. */
static __attribute__((noinline)) unsigned char **pointers (unsigned char *msg)
{
  unsigned char **dnptrs = calloc (8, sizeof *dnptrs);
  dnptrs[0] = msg;
  return dnptrs;
}

int main (void)
{
  unsigned char *msg = calloc (1, 512);
  unsigned char **dnptrs = pointers (msg);
  int a = dn_comp ("www.example.com", msg + 12, 500, dnptrs, dnptrs + 8);
  void *m = backing (msg), *v = backing (dnptrs);
  alaska_barrier ();
  int b = dn_comp ("mail.example.com", msg + 12 + a, 500 - a, dnptrs, dnptrs + 8);
  alaska_barrier ();
  int c = ns_name_compress ("ftp.example.com", msg + 12 + a + b, 500 - a - b,
                            (const unsigned char **) dnptrs,
                            (const unsigned char **) dnptrs + 8);
  char x[256], y[256], z[256];
  int len = 12 + a + b + c;
  printf ("%s %d %s %d %s %d\n", name (msg, len, 12, x), a, name (msg, len, 12 + a, y), b,
          name (msg, len, 12 + a + b, z), c);
  int n = 0, handles = 0;
  for (; dnptrs[n]; n++)
    handles += alaska_is_handle (dnptrs[n]) && dnptrs[n] >= msg && dnptrs[n] < msg + len;
  printf ("pointers %d handles into the message %d moved %d\n", n, handles,
          backing (msg) != m && backing (dnptrs) != v);
  return 0;
}
