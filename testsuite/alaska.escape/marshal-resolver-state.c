/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The resolver's state (struct __res_state) is the program's object but
   the library's content: res_ninit fills it with pointers into itself
   (dnsrch into defdname) and into the library's memory, and later calls
   follow them.  A malloc'd state is kept in place by res_ninit (KEEPS),
   and res_nmkquery and res_nclose take it as the library's (LIBC_MEMORY
   arg0, a kept object); res_nmkquery builds its query (no network) into a
   malloc'd buffer, which moves at the barrier.  A malloc'd state that
   res_ninit never saw stops the program, naming the function, before
   the library follows its pointers. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^res_ninit 0 res_nmkquery 27 question 9localhost type 1 class 1 state kept 1 buffer moved 1\n" } */
/* { dg-output "alaska: res_nmkquery: argument 1 must be an object the C library allocated, but it is a handle \[^\n\]*\n$" } */
#include <alaska.h>
#include <arpa/nameser.h>
#include <netinet/in.h>
#include <resolv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* A query for localhost in a malloc'd buffer, built in a function of its
   own: main pins the buffer nowhere. */
static __attribute__((noinline)) int query (res_state st, unsigned char *buf)
{
  return res_nmkquery (st, QUERY, "localhost", C_IN, T_A, NULL, 0, NULL, buf, 512);
}

/* The question follows the 12-byte header: a length-prefixed label, the
   root, then type and class. */
static __attribute__((noinline)) void show (int r, int n, const unsigned char *buf, int kept,
                                            int moved)
{
  printf ("res_ninit %d res_nmkquery %d question %d%.9s type %d class %d state kept %d "
          "buffer moved %d\n", r, n, buf[12], (const char *) buf + 13, buf[23] << 8 | buf[24],
          buf[25] << 8 | buf[26], kept, moved);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  res_state st = calloc (1, sizeof *st);
  int r = res_ninit (st);
  unsigned char *buf = malloc (512);
  int n = query (st, buf);
  void *s = backing (st), *b = backing (buf);
  alaska_barrier ();
  show (r, n, buf, backing (st) == s, backing (buf) != b);
  res_nclose (st);

  res_state other = calloc (1, sizeof *other);
  query (other, buf);
  printf ("not reached\n");
  return 0;
}
