/* SPDX-License-Identifier: GPL-3.0-or-later */
/* region-arena.h: the body shared by region-thread-arena.c and
   region-jemalloc-program.c.  Prints whether libjemalloc.so is loaded; if
   it is, for the main thread, a thread that allocates a handle and one
   that never does, whether the thread is bound to an arena that
   jemalloc did not make itself; and whether handles' backing and the
   program's malloc lie in the backing region. */
#define _GNU_SOURCE
#include <alaska.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int (*je_mallctl)(const char *, void *, size_t *, void *, size_t);

/* Is the calling thread bound to an arena jemalloc did not make itself? */
static int bound(void)
{
  if (!je_mallctl)
    return -1;
  unsigned ind, automatic;
  size_t sz = sizeof ind;
  if (je_mallctl("thread.arena", &ind, &sz, NULL, 0) != 0
      || je_mallctl("opt.narenas", &automatic, &sz, NULL, 0) != 0)
    return -1;
  return ind >= automatic;
}

static int in_region(const void *p)
{
  uintptr_t a = (uintptr_t) p;
  return a >= ALASKA_BACKING_BASE && a < ALASKA_BACKING_LIMIT;
}

static void *worker(void *arg)
{
  int before = bound();
  void *h = halloc(40);
  if (je_mallctl)
    printf("worker: before %d after %d\n", before, bound());
  *(void **) arg = h;
  return NULL;
}

static void *idle(void *arg)
{
  (void) arg;
  if (je_mallctl)
    printf("idle: %d\n", bound());
  return NULL;
}

int main(void)
{
  void *lib = dlopen("libjemalloc.so.2", RTLD_LAZY | RTLD_NOLOAD);
  je_mallctl = lib ? (int (*)(const char *, void *, size_t *, void *, size_t)) dlsym(lib, "mallctl") : NULL;
  printf("libjemalloc.so loaded %d\n", je_mallctl != NULL);
  int before = bound();
  char *h = halloc(24);
  if (je_mallctl)
    printf("main: before %d after %d\n", before, bound());
  fflush(stdout);
  void *wh;
  pthread_t t;
  pthread_create(&t, NULL, worker, &wh);
  pthread_join(t, NULL);
  fflush(stdout);
  pthread_create(&t, NULL, idle, NULL);
  pthread_join(t, NULL);
  void *m = malloc(24);
  printf("backing in region %d %d\nmalloc in region %d\n",
         in_region(alaska_translate(h)), in_region(alaska_translate(wh)), in_region(m));
  free(m);
  hfree(h);
  hfree(wh);
  return 0;
}
