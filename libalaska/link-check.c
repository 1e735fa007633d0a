/* SPDX-License-Identifier: MIT */
/* link-check.c: the start-up check of the plugin's separate-compilation
 * assumption.  Every loaded object compiled by the plugin carries notes
 * (alaska-abi.h) naming the public functions it defines and those it
 * assumed were instrumented.  An assumed function that no instrumented
 * object defines may receive handles it cannot use: warn, naming it. */
#define _GNU_SOURCE
#include <search.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

ALASKA_API const int ALASKA_ABI_SYMBOL = ALASKA_ABI_VERSION;

struct names { const char **v; size_t n, cap; };

static void push(struct names *s, const char *name)
{
  if (s->n == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 256;
    const char **v = realloc(s->v, cap * sizeof *v);
    if (!v)
      return;
    s->v = v;
    s->cap = cap;
  }
  s->v[s->n++] = name;
}

struct scan { struct names defined, assumed; };

static void on_note(unsigned type, const char *desc, size_t size, void *arg)
{
  struct scan *sc = arg;
  if (size == 0 || desc[size - 1] != '\0')
    return;
  if (type == ALASKA_NOTE_DEFINES)
    push(&sc->defined, desc);
  else if (type == ALASKA_NOTE_ASSUMES)
    push(&sc->assumed, desc);
}

static int cmp(const void *a, const void *b)
{
  return strcmp(*(const char *const *) a, *(const char *const *) b);
}

void alaska_link_check(void)
{
  struct scan sc = { { 0 }, { 0 } };
  alaska_each_note(on_note, &sc);
  qsort(sc.defined.v, sc.defined.n, sizeof(char *), cmp);
  qsort(sc.assumed.v, sc.assumed.n, sizeof(char *), cmp);
  for (size_t i = 0; i < sc.assumed.n; i++) {
    const char *name = sc.assumed.v[i];
    if (i > 0 && !strcmp(name, sc.assumed.v[i - 1]))
      continue;
    if (bsearch(&name, sc.defined.v, sc.defined.n, sizeof(char *), cmp))
      continue;
    alaska_warn("warning: instrumented code passes handles to '%s', assuming the "
                "alaska plugin compiled it, but no instrumented object defines it; "
                "if it is not compiled with the plugin, declare it "
                "__attribute__((alaska_external)) or pass "
                "-fplugin-arg-alaska-external=%s", name, name);
  }
  free(sc.defined.v);
  free(sc.assumed.v);
}
