/* SPDX-License-Identifier: GPL-3.0-or-later */
/* glob, wordexp and scandir fill a structure or variable of the program
   with memory the C library allocates (OUT in tools/libc-behaviour.txt),
   and globfree and wordfree follow only that memory (KEPT_PTRS).  Here
   the glob_t, the wordexp_t and the variable scandir writes are malloc'd
   and start out holding a stale array of the program's (a handle whose
   first element is one too), which the library never reads: nothing is
   checked below them.  GLOB_DOOFFS and WRDE_DOOFFS leave null slots,
   GLOB_APPEND and WRDE_APPEND read back the library's own arrays after a
   barrier has moved the structures (ALASKA_SERVICE=malloc), and scandir's
   callbacks get the library's entries. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^glob 0 0 moved 1: count 3 offs 2 null 2 a.txt b.txt c.log\n" } */
/* { dg-output "globfree: vector null 1\n" } */
/* { dg-output "wordexp 0 0 moved 1: count 3 offs 1 null 1 one two three\n" } */
/* { dg-output "wordfree: vector null 1\n" } */
/* { dg-output "scandir 3 moved 1: a.txt b.txt c.log\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <dirent.h>
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wordexp.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* Moves every unpinned object; says whether p moved. */
static __attribute__((noipa)) int barrier_moves (const void *p)
{
  void *before = backing (p);
  alaska_barrier ();
  return backing (p) != before;
}

/* An array of the program's, as a reused structure would still hold. */
static char **stale (void)
{
  char **v = malloc (2 * sizeof *v);
  v[0] = strdup ("stale"), v[1] = NULL;
  return v;
}

static void print_vector (char **v, size_t n, size_t offs)
{
  int nulls = 0;
  for (size_t i = 0; i < offs; i++)
    nulls += v[i] == NULL;
  printf ("count %d offs %d null %d", (int) n, (int) offs, nulls);
  for (size_t i = offs; i < offs + n; i++) {
    const char *slash = strrchr (v[i], '/');
    printf (" %s", slash ? slash + 1 : v[i]);
  }
  printf ("\n");
}

/* The calls and the set-up in frames of their own: the callers pin
   none of the structures across the barriers. */
static __attribute__((noipa)) glob_t *new_glob (char **old)
{
  glob_t *g = malloc (sizeof *g);
  g->gl_pathv = old;
  g->gl_offs = 2;
  return g;
}

static __attribute__((noipa)) int call_glob (const char *dir, const char *suffix, int flags,
                                                glob_t *g)
{
  char *pattern = malloc (64);
  snprintf (pattern, 64, "%s/*%s", dir, suffix);
  int r = glob (pattern, flags, NULL, g);
  free (pattern);
  return r;
}

static __attribute__((noipa)) void globs (const char *dir, char **old)
{
  glob_t *g = new_glob (old);
  int r1 = call_glob (dir, ".txt", GLOB_DOOFFS, g);
  int moved = barrier_moves (g);
  int r2 = call_glob (dir, ".log", GLOB_DOOFFS | GLOB_APPEND, g);
  printf ("glob %d %d moved %d: ", r1, r2, moved);
  print_vector (g->gl_pathv, g->gl_pathc, g->gl_offs);
  globfree (g);
  printf ("globfree: vector null %d\n", g->gl_pathv == NULL);
  free (g);
}

static __attribute__((noipa)) wordexp_t *new_words (char **old)
{
  wordexp_t *w = malloc (sizeof *w);
  w->we_wordv = old;
  w->we_offs = 1;
  return w;
}

static __attribute__((noipa)) int call_wordexp (const char *words, int flags, wordexp_t *w)
{
  char *s = strdup (words);
  int r = wordexp (s, w, flags | WRDE_NOCMD);
  free (s);
  return r;
}

static __attribute__((noipa)) void words (char **old)
{
  wordexp_t *w = new_words (old);
  int r1 = call_wordexp ("one two", WRDE_DOOFFS, w);
  int moved = barrier_moves (w);
  int r2 = call_wordexp ("three", WRDE_DOOFFS | WRDE_APPEND, w);
  printf ("wordexp %d %d moved %d: ", r1, r2, moved);
  print_vector (w->we_wordv, w->we_wordc, w->we_offs);
  wordfree (w);
  printf ("wordfree: vector null %d\n", w->we_wordv == NULL);
  free (w);
}

static int visible (const struct dirent *d)
{
  return d->d_name[0] != '.';
}

struct listing
{
  struct dirent **list;
};

static __attribute__((noipa)) struct listing *new_listing (char **old)
{
  struct listing *l = malloc (sizeof *l);
  l->list = (struct dirent **) old;
  return l;
}

static __attribute__((noipa)) void listing (const char *dir, char **old)
{
  struct listing *l = new_listing (old);
  int moved = barrier_moves (l);
  int n = scandir (dir, &l->list, visible, alphasort);
  printf ("scandir %d moved %d:", n, moved);
  for (int i = 0; i < n; i++) {
    printf (" %s", l->list[i]->d_name);
    free (l->list[i]);
  }
  printf ("\n");
  free (l->list), free (l);
}

int main (void)
{
  char *dir = strdup ("/tmp/alaska-glob-XXXXXX");
  if (!mkdtemp (dir))
    return 1;
  char *path = malloc (64);
  const char *names[] = { "b.txt", "a.txt", "c.log" };
  for (int i = 0; i < 3; i++) {
    snprintf (path, 64, "%s/%s", dir, names[i]);
    fclose (fopen (path, "w"));
  }
  char **old = stale ();
  globs (dir, old);
  words (old);
  listing (dir, old);
  for (int i = 0; i < 3; i++) {
    snprintf (path, 64, "%s/%s", dir, names[i]);
    unlink (path);
  }
  rmdir (dir);
  free (old[0]), free (old), free (path), free (dir);
  return 0;
}
