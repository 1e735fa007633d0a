/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A function that passes a translated pointer to the C library as its
   last act (return read (fd, buf, n)) must not become a tail call: the
   jump would free its frame, pin set included, before read runs, and a
   barrier while read blocks would move the buffer under it -- the data
   went into the poisoned old copy (Redis's rioFileRead and fread: "Wrong
   RDB checksum" under ALASKA_STRESS=1).  */
/* { dg-do run } */
/* { dg-output "^read 6 hello moved 0 barriers 0\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "units/blocked.h"

static char *buf;
static void *where;
static int fds[2], failed;

static ssize_t __attribute__ ((noinline)) fill (int fd, char *b, size_t n)
{
  return read (fd, b, n);
}

static pid_t main_tid;

static void *writer (void *arg)
{
  (void) arg;
  while (!in_read (main_tid, fds[0]))   /* main is in read, not about to be */
    usleep (1000);
  for (int i = 0; i < 3; i++)
    failed += alaska_barrier () != 0;
  write (fds[1], "hello", 6);
  return NULL;
}

/* In a frame of its own: its pin set is gone when the barriers run. */
static void __attribute__ ((noinline)) setup (void)
{
  buf = malloc (16);
  strcpy (buf, "xxxxx");
  where = alaska_translate (buf);
}

int main (void)
{
  setup ();
  main_tid = gettid ();
  if (pipe (fds))
    return 1;
  pthread_t t;
  pthread_create (&t, NULL, writer, NULL);
  ssize_t n = fill (fds[0], buf, 16);
  pthread_join (t, NULL);
  printf ("read %zd %s moved %d barriers %d\n", n, buf,
          alaska_translate (buf) != where, failed);
  return 0;
}
