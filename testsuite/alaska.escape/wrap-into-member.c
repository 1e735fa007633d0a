/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hasmntopt returns a pointer into the string a struct mntent's mnt_opts
   points to, and argz_extract fills an array with pointers into an argz
   vector: with all of them malloc'd, the results come back as handle +
   offset into those strings, and read right after a barrier has moved
   them. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^hasmntopt: noatime,ro handle 1 offset 3 missing 1 moved 1\n" } */
/* { dg-output "argz_extract: 3 x yy zzz handles 3 last null 1 moved 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <argz.h>
#include <mntent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* A malloc'd argz vector, built in a function of its own: main pins it
   nowhere. */
static __attribute__((noinline)) char *vector (const char *s, size_t *len)
{
  char *argz = NULL;
  argz_create_sep (s, ':', &argz, len);
  char *own = malloc (*len);
  memcpy (own, argz, *len);
  free (argz);
  return own;
}

static __attribute__((noinline)) char **extract (const char *argz, size_t len, size_t *n)
{
  *n = argz_count (argz, len);
  char **argv = malloc ((*n + 1) * sizeof *argv);
  argz_extract (argz, len, argv);
  return argv;
}

int main (void)
{
  struct mntent *m = calloc (1, sizeof *m);
  m->mnt_fsname = strdup ("/dev/sda1");
  m->mnt_dir = strdup ("/");
  m->mnt_type = strdup ("ext4");
  m->mnt_opts = strdup ("rw,noatime,ro");
  char *opt = hasmntopt (m, "noatime");
  int missing = hasmntopt (m, "nosuid") == NULL;
  void *before = backing (m->mnt_opts);
  alaska_barrier ();
  printf ("hasmntopt: %s handle %d offset %d missing %d moved %d\n", opt, alaska_is_handle (opt),
          (int) (opt - m->mnt_opts), missing, backing (m->mnt_opts) != before);

  size_t len = 0;
  char *own = vector ("x:yy:zzz", &len);
  size_t n;
  char **argv = extract (own, len, &n);
  before = backing (own);
  alaska_barrier ();
  int handles = 0;
  for (size_t i = 0; i < n; i++)
    handles += alaska_is_handle (argv[i]) && argv[i] >= own && argv[i] < own + len;
  printf ("argz_extract: %d %s %s %s handles %d last null %d moved %d\n", (int) n, argv[0],
          argv[1], argv[2], handles, argv[n] == NULL, backing (own) != before);
  return 0;
}
