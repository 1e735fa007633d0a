/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Functions that read an array of pointers during the call and keep none
   of them, each given a malloc'd array of strdup'd strings after a
   barrier has moved them (ALASKA_SERVICE=malloc): fts_open's paths (it
   copies them: the walk goes on after another barrier), argz_create's
   words, putgrent's and putsgent's member lists (the libalaska wrappers
   pass raw copies), printf_size's array with a pointer to a malloc'd
   double, and backtrace_symbols and backtrace_symbols_fd given
   a malloc'd array whose first address is a handle: it is printed as the
   number it is, not followed. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^fts moved 1: D . F a F b DP . entries 4\n" } */
/* { dg-output "argz moved 1: 0 length 10 count 3 second bc\n" } */
/* { dg-output "putgrent 0 moved 1: staff:x:50:alice,bob\n" } */
/* { dg-output "putsgent 0 moved 1: staff:!:root:alice,bob\n" } */
/* { dg-output "printf_size 4 moved 1: 3.0k\n" } */
/* { dg-output "backtrace_symbols 1 backtrace_symbols_fd 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <argz.h>
#include <execinfo.h>
#include <fts.h>
#include <grp.h>
#include <printf.h>
#include <gshadow.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* Moves every unpinned object; says whether s moved. */
static __attribute__((noinline)) int barrier_moves (const void *s)
{
  void *before = backing (s);
  alaska_barrier ();
  return backing (s) != before;
}

static char **strings (const char *a, const char *b)
{
  char **v = malloc (3 * sizeof *v);
  v[0] = strdup (a), v[1] = b ? strdup (b) : NULL, v[2] = NULL;
  return v;
}

static int by_name (const FTSENT **a, const FTSENT **b)
{
  return strcmp ((*a)->fts_name, (*b)->fts_name);
}

static __attribute__((noinline)) void walk (void)
{
  char *dir = strdup ("/tmp/alaska-fts-XXXXXX");
  mkdtemp (dir);
  char *path = malloc (64);
  snprintf (path, 64, "%s/b", dir), fclose (fopen (path, "w"));
  snprintf (path, 64, "%s/a", dir), fclose (fopen (path, "w"));
  char **argv = strings (dir, NULL);
  int moved = barrier_moves (argv[0]);
  FTS *fts = fts_open (argv, FTS_PHYSICAL | FTS_NOCHDIR, by_name);
  free (argv[0]);
  barrier_moves (dir);
  printf ("fts moved %d:", moved);
  int n = 0;
  for (FTSENT *e; fts && (e = fts_read (fts)); n++)
    printf (" %s %s", e->fts_info == FTS_D ? "D" : e->fts_info == FTS_DP ? "DP" : e->fts_info == FTS_F ? "F" : "?",
            e->fts_level ? e->fts_name : ".");
  printf (" entries %d\n", n);
  fts_close (fts);
  snprintf (path, 64, "%s/a", dir), unlink (path);
  snprintf (path, 64, "%s/b", dir), unlink (path);
  rmdir (dir);
  free (path), free (dir), free (argv);
}

static __attribute__((noinline)) void words (void)
{
  char **argv = strings ("hello", "bc");
  int moved = barrier_moves (argv[1]);
  char *argz = NULL;
  size_t len = 0;
  error_t e = argz_create (argv, &argz, &len);
  argz_add (&argz, &len, "");
  printf ("argz moved %d: %d length %d count %d second %s\n", moved, e, (int) len,
          (int) argz_count (argz, len), argz_next (argz, len, argz));
  free (argz), free (argv[0]), free (argv[1]), free (argv);
}

/* What f wrote to its stream, without the newline. */
static __attribute__((noinline)) void show (const char *what, int r, int moved, FILE *f)
{
  char line[128] = "";
  rewind (f);
  if (!fgets (line, sizeof line, f))
    line[0] = 0;
  line[strcspn (line, "\n")] = 0;
  printf ("%s %d moved %d: %s\n", what, r, moved, line);
  fclose (f);
}

static __attribute__((noinline)) void groups (void)
{
  struct group *g = malloc (sizeof *g);
  g->gr_name = strdup ("staff"), g->gr_passwd = strdup ("x"), g->gr_gid = 50;
  g->gr_mem = strings ("alice", "bob");
  int moved = barrier_moves (g->gr_mem[0]);
  FILE *f = tmpfile ();
  show ("putgrent", putgrent (g, f), moved, f);

  struct sgrp *s = malloc (sizeof *s);
  s->sg_namp = g->gr_name, s->sg_passwd = strdup ("!");
  s->sg_adm = strings ("root", NULL), s->sg_mem = g->gr_mem;
  moved = barrier_moves (s->sg_adm[0]);
  f = tmpfile ();
  show ("putsgent", putsgent (s, f), moved, f);
  free (s->sg_adm[0]), free (s->sg_adm), free (s->sg_passwd), free (s);
  free (g->gr_mem[0]), free (g->gr_mem[1]), free (g->gr_mem);
  free (g->gr_name), free (g->gr_passwd), free (g);
}

/* A malloc'd array holding a malloc'd double, made in a frame of its own. */
static __attribute__((noipa)) const void **one_double (double v)
{
  double *d = malloc (sizeof *d);
  *d = v;
  const void **args = malloc (sizeof *args);
  args[0] = d;
  return args;
}

static __attribute__((noinline)) void sizes (void)
{
  struct printf_info *info = calloc (1, sizeof *info);
  info->prec = 1;
  info->spec = 'k';
  const void **args = one_double (3072.0);
  int moved = barrier_moves (args[0]);
  FILE *f = tmpfile ();
  show ("printf_size", printf_size (f, info, args), moved, f);
  free ((void *) args[0]), free (args), free (info);
}

static __attribute__((noinline)) void symbols (void)
{
  void **addrs = malloc (2 * sizeof *addrs);
  char *object = malloc (16);
  addrs[0] = object;
  backtrace (addrs + 1, 1);
  char expect[64];
  snprintf (expect, sizeof expect, "[%p]", (void *) object);
  char **names = backtrace_symbols (addrs, 2);
  int same = names && strcmp (names[0], expect) == 0;
  FILE *f = tmpfile ();
  backtrace_symbols_fd (addrs, 2, fileno (f));
  char line[128] = "";
  rewind (f);
  fgets (line, sizeof line, f);
  line[strcspn (line, "\n")] = 0;
  printf ("backtrace_symbols %d backtrace_symbols_fd %d\n", same, strcmp (line, expect) == 0);
  fclose (f), free (names), free (object), free (addrs);
}

int main (void)
{
  walk ();
  words ();
  groups ();
  sizes ();
  symbols ();
  return 0;
}
