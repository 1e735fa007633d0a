/* SPDX-License-Identifier: MIT */
/* prepare.c: the look a pass takes before its barrier, while every thread
 * runs.  Reading the whole handle table to learn which handle names each
 * object is the costly part of a pass, and grows with the heap; done
 * under the barrier it was the pause.  Here each part of the heap chooses
 * its candidate sources from a racy view (compact_prepare, defrag_prepare,
 * large_prepare), then one read of the table notes the IDs of the
 * candidates' objects.  Under the barrier a pass moves only objects so
 * noted, each after alaska_backing() confirms that its handle still names
 * that very block; whatever was freed, moved or allocated since simply
 * stays.  A barrier that no pass prepared (ALASKA_STRESS, a program's
 * alaska_barrier()) prepares under the barrier itself. */
#define _GNU_SOURCE
#include <stdint.h>
#include "internal.h"

static pthread_mutex_t prep_lock = PTHREAD_MUTEX_INITIALIZER;
static int prepared;

/* alaska_handles_in callback: hand the ID to the part that owns `b'. */
static void note_id(uint32_t id, void *b, void *arg)
{
  (void) arg;
  if (in_large(b))
    large_note_id(id, b);
  else if (in_region(b)) {
    struct subheap *sh = subheap_of(b);
    if (sh->kind == SH_PAGES)
      compact_note_id(id, b);
    else
      defrag_note_id(id, b, sh);
  }
}

static void prepare(size_t budget, int forced)
{
  int want = compact_prepare(budget, forced);
  want |= defrag_prepare(forced);
  want |= large_prepare();
  if (want)
    alaska_handles_in((void *) 0, (void *) UINTPTR_MAX, note_id, NULL);
  prepared = 1;
}

static void unprepare(void)
{
  compact_unprepare();
  defrag_unprepare();
  prepared = 0;
}

void anchorage_prepare(size_t budget, int forced)
{
  pthread_mutex_lock(&prep_lock);
  unprepare();
  prepare(budget, forced);
  pthread_mutex_unlock(&prep_lock);
}

void anchorage_unprepare(void)
{
  pthread_mutex_lock(&prep_lock);
  unprepare();
  pthread_mutex_unlock(&prep_lock);
}

void anchorage_pass_prepared(size_t budget, int forced, struct pass_result *r)
{
  /* Busy: a pass is preparing on another thread; this barrier moves
   * nothing rather than wait for it with the world stopped. */
  if (pthread_mutex_trylock(&prep_lock)) {
    __builtin_memset(r, 0, sizeof *r);
    return;
  }
  int own = !prepared;
  if (own)
    prepare(budget, forced);
  anchorage_pass(budget, forced, r);
  if (own)
    unprepare();
  pthread_mutex_unlock(&prep_lock);
}
