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
 * stays.  A look serves the passes after it (at most MAX_REUSES) while
 * its candidates last: a pass the pause bound cut short leaves the rest
 * for the next, which need not read the table again.  A barrier that no
 * pass prepared (ALASKA_STRESS, a program's alaska_barrier()) drops a kept
 * look and prepares under the barrier itself. */
#define _GNU_SOURCE
#include <stdint.h>
#include "internal.h"

#define MAX_REUSES 16   /* passes that take up one look again, at most */

static pthread_mutex_t prep_lock = PTHREAD_MUTEX_INITIALIZER;
static int prepared;            /* a look is ready for the next barrier */
static int kept;                /* the last pass's look, kept for the next */
static unsigned reuses;

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
  prepared = kept = 0;
}

void anchorage_prepare(size_t budget, int forced)
{
  pthread_mutex_lock(&prep_lock);
  if (kept && reuses < MAX_REUSES && compact_left()) {
    reuses++;
    kept = 0;
    prepared = 1;
  } else {
    unprepare();
    prepare(budget, forced);
    reuses = 0;
  }
  pthread_mutex_unlock(&prep_lock);
}

void anchorage_prepared_keep(void)
{
  pthread_mutex_lock(&prep_lock);
  if (prepared) {
    prepared = 0;
    kept = 1;
  }
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
  if (own) {
    if (kept)
      unprepare();
    prepare(budget, forced);
  }
  anchorage_pass(budget, forced, r);
  if (own)
    unprepare();
  pthread_mutex_unlock(&prep_lock);
}
