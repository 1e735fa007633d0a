/* SPDX-License-Identifier: GPL-3.0-or-later */
/* glob with GLOB_ALTDIRFUNC calls the program's directory functions: here,
   as GNU make's dir.c does, gl_readdir returns each entry in one malloc'd
   buffer (a handle), which the C library reads (libalaska's alaska_glob
   hands it the entry's translation).  The glob_t is malloc'd too.  The
   exact sorted matches, the calls of each directory function and, in
   glob-altdirfunc-moving.c, how many times a barrier inside gl_readdir
   moved the buffer (every call: the C library holds no entry then). */
/* { dg-do run } */
/* { dg-output "^glob 0: count 3 a.c b.c c.c\n" } */
/* { dg-output "opendir 1 readdir 8 closedir 1 moved 0\n" } */
/* { dg-output "globfree: vector null 1\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <dirent.h>
#include <glob.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef MOVING
#define MOVING 0
#endif

struct stream
{
  DIR *dir;
  struct dirent *entry;         /* reused on every call, as make's */
};

static int opened, reads, closed, moved;

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

static void *my_opendir (const char *name)
{
  struct stream *s = malloc (sizeof *s);
  s->dir = opendir (name);
  if (!s->dir)
    {
      free (s);
      return NULL;
    }
  s->entry = malloc (sizeof *s->entry);
  opened++;
  return s;
}

static __attribute__((noipa)) struct dirent *entry_of (struct stream *s)
{
  return s->entry;
}

static struct dirent *my_readdir (void *p)
{
  struct stream *s = p;
  reads++;
  if (MOVING)
    moved += barrier_moves (entry_of (s));
  struct dirent *d = readdir (s->dir);
  if (!d)
    return NULL;
  struct dirent *e = s->entry;
  memset (e, 0, sizeof *e);
  e->d_ino = d->d_ino;
  e->d_type = DT_UNKNOWN;
  strcpy (e->d_name, d->d_name);
  return e;
}

static void my_closedir (void *p)
{
  struct stream *s = p;
  closedir (s->dir);
  free (s->entry);
  free (s);
  closed++;
}

static int my_stat (const char *name, struct stat *st)
{
  return stat (name, st);
}

static int my_lstat (const char *name, struct stat *st)
{
  return lstat (name, st);
}

static void touch (const char *dir, const char *name)
{
  char path[512];
  snprintf (path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen (path, "w");
  if (!f || fclose (f))
    {
      perror (path);
      exit (2);
    }
}

int main (void)
{
  char dir[] = "/tmp/alaska-glob-XXXXXX";
  if (!mkdtemp (dir))
    {
      perror ("mkdtemp");
      return 2;
    }
  touch (dir, "b.c");
  touch (dir, "a.c");
  touch (dir, "x.h");
  touch (dir, "c.c");
  char sub[512];
  snprintf (sub, sizeof sub, "%s/sub.d", dir);
  mkdir (sub, 0700);

  char *pattern = malloc (strlen (dir) + 8);
  sprintf (pattern, "%s/*.c", dir);
  glob_t *g = malloc (sizeof *g);
  memset (g, 0, sizeof *g);
  g->gl_opendir = my_opendir;
  g->gl_readdir = my_readdir;
  g->gl_closedir = my_closedir;
  g->gl_stat = my_stat;
  g->gl_lstat = my_lstat;
  int r = glob (pattern, GLOB_ALTDIRFUNC, NULL, g);
  printf ("glob %d: count %zu", r, g->gl_pathc);
  for (size_t i = 0; i < g->gl_pathc; i++)
    printf (" %s", g->gl_pathv[i] + strlen (dir) + 1);
  printf ("\n");
  printf ("opendir %d readdir %d closedir %d moved %d\n", opened, reads, closed, moved);
  if (g->gl_readdir != my_readdir)
    printf ("gl_readdir is not the program's after glob\n");
  globfree (g);
  printf ("globfree: vector null %d\n", g->gl_pathv == NULL);

  static const char *const names[] = { "a.c", "b.c", "c.c", "x.h" };
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    {
      char path[512];
      snprintf (path, sizeof path, "%s/%s", dir, names[i]);
      unlink (path);
    }
  rmdir (sub);
  rmdir (dir);
  free (pattern);
  free (g);
  return 0;
}
