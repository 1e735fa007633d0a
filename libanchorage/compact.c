/* SPDX-License-Identifier: MIT */
/* compact.c: compaction of the small objects, within each size class.
 * Before the barrier (prepare.c), a racy look at every page finds, in
 * each class, the sparsest pages that the free blocks of the densest
 * (the destinations) can take, within the pass's budget.  Of these, the
 * pages with the fewest objects, whatever their class, become the pass's
 * candidates: every page given back is the same PAGE_SIZE, and its cost
 * is the objects it moves.  A look takes at most MAX_SOURCES pages, and
 * objects enough for eight passes like the last one that the pause bound
 * cut short, in rounds that a barrier visits one after another while the
 * bound allows (ROUNDS).  The read of the handle table then notes the
 * candidates' blocks' IDs.  The look also lists the pages the barrier
 * will visit: the candidates, the densest pages that would take their
 * objects, and pages that are empty or have blocks other threads freed
 * into them; the pause grows with them, not with the heap.  Under the
 * barrier (no thread is inside the allocator) each visited page takes
 * back its remote frees, and empty ones go back to the pool.  The sources
 * are chosen again, among the candidates only, and are emptied fewest
 * objects first, across classes, so that a pass the pause bound cuts
 * short has given back as many pages as it could.  Each noted object
 * that is not pinned (nor kept: alaska_is_pinned says so), and whose
 * handle still names its block, moves into a destination of its class,
 * densest first, and keeps its size.  An emptied source goes back to the
 * pool, its memory to the kernel beyond the few dirty pages the pool
 * keeps, even a thread's current page: the thread takes another when it
 * next allocates, and no page a pass could empty stays counted in the
 * extent.  The pause bound is checked before each source page, and
 * before each round after the first, which the pass expects to take as
 * long per page as the rounds before it. */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include "internal.h"

#define SOURCE_MAX_OCCUPANCY 0.95       /* denser pages are left alone */
#define MAX_SOURCES 4096                /* a pass's candidates, at most */
#define MAX_CANDIDATE_OBJECTS 65536     /* ... and their objects, at most */
#define MIN_CANDIDATE_OBJECTS 8192      /* ... and at least (unless fewer) */
static size_t candidate_objects = MAX_CANDIDATE_OBJECTS;      /* the next look's */
#define SLICE (PAGE_SIZE / 16)          /* IDs of one candidate page */
#define AMBIGUOUS UINT32_MAX            /* two handles name the block: never moved */
#define CANDIDATE 1                     /* page->evac: its blocks' IDs are noted */
#define SOURCE    2                     /* ... and it is a source of this pass */

/* A page as a pass sees it: sorted by class, then by blocks used. */
struct view { uint64_t key; struct page *pg; };
#define KEY(cls, used, cap) ((uint64_t) (cls) << 40 | (uint64_t) (used) << 20 | (cap))
#define KEY_CLS(k)  ((unsigned) ((k) >> 40))
#define KEY_USED(k) ((uint32_t) ((k) >> 20) & 0xfffff)
#define KEY_CAP(k)  ((uint32_t) (k) & 0xfffff)

static struct view *view;               /* every page in use */
static struct view *chosen;             /* the look's possible sources */
static uint32_t *idmap;                 /* per candidate's block: ID + 1, 0 none */
static struct page *candidates[MAX_SOURCES];    /* candidates[i]->scratch == i */
static unsigned ncandidates;
static size_t left_out;                 /* possible sources the look left out */
#define MAX_VISIT (3 * MAX_SOURCES)
static struct page *visit[MAX_VISIT];   /* the pages the barrier looks at */
static uint8_t visit_round[MAX_VISIT];  /* ... in the round of this number */
static unsigned nvisit, nvisit_look;    /* nvisit_look: those the look listed */
/* The look's candidates are split into rounds of about ROUNDS-th of its
 * objects, each with the destinations its objects need: a barrier visits
 * one round's pages, empties its sources, and goes on to the next round
 * while the pause bound allows, so that a pass the bound cuts short has
 * visited little more than it moved.  A round the bound cut short is
 * visited again by the next pass. */
#define ROUNDS 16
#define MIN_ROUND_OBJECTS 512
static uint8_t cand_round[MAX_SOURCES];        /* in candidates[] order */
static uint64_t visit_ns;               /* a page's visit, as recent rounds took */
static unsigned round_now, nrounds, round_first; /* round_now's first candidate */

/* The last tie-break of every order of pages: by address. */
static int page_order(const struct view *v, const struct view *w)
{
  return (uintptr_t) v->pg < (uintptr_t) w->pg ? -1 : (uintptr_t) v->pg > (uintptr_t) w->pg;
}

static int by_key(const void *a, const void *b)
{
  const struct view *v = a, *w = b;
  if (v->key != w->key)
    return v->key < w->key ? -1 : 1;
  /* Under the barrier, of pages as full, candidates first: they are the
   * sources, the others the destinations. */
  int x = v->pg->evac == CANDIDATE, y = w->pg->evac == CANDIDATE;
  if (x != y)
    return y - x;
  return page_order(v, w);
}

static int arrays(void)
{
  if (view)
    return 1;
  size_t slots = anchorage_region_size / PAGE_SIZE;
  void *a = mmap(NULL, 2 * slots * sizeof *view + (size_t) MAX_SOURCES * SLICE * sizeof *idmap,
                 PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (a == MAP_FAILED)
    return 0;
  idmap = (uint32_t *) ((struct view *) a + 2 * slots);
  chosen = (struct view *) a + slots;
  view = a;
  return 1;
}

/* Under the barrier: collect pg's remote frees; give it back if that
 * empties it (a thread's current page too: it takes another); put it on
 * its owner's list of pages to allocate from if it has free blocks.
 * Returns its blocks in use. */
static uint32_t tidy(struct page *pg)
{
  page_collect(pg);
  if (pg->used == 0) {
    tc_page_release(pg);
    return 0;
  }
  if (pg->in_full && pg->free) {
    struct theap *h = atomic_load_explicit(&pg->owner, memory_order_relaxed);
    page_list_remove(&h->full[pg->cls], pg);
    page_list_push(&h->avail[pg->cls], pg);
    pg->in_full = 0;
  }
  return pg->used;
}

/* A page for the barrier to visit, at most MAX_VISIT (one listed twice is
 * tidied twice, which does nothing the second time, and counted once). */
static int add_visit_in(struct page *pg, unsigned round)
{
  if (nvisit == MAX_VISIT)
    return 0;
  visit_round[nvisit] = (uint8_t) round;
  visit[nvisit++] = pg;
  return 1;
}

/* Under the barrier: a page to visit in this pass (tc_flush_all_hot). */
static void add_visit(struct page *pg)
{
  add_visit_in(pg, round_now);
}

/* Before the barrier, racy (a snapshot of what the owners are changing):
 * every page in use into view[], sorted; empty ones only onto the list
 * of pages the barrier visits.  Returns how many are in view[]. */
static size_t look(void)
{
  size_t n = 0;
  unsigned used = __atomic_load_n(&anchorage_subheaps_used, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < used; i++) {
    struct subheap *sh = &anchorage_subheaps[i];
    if (__atomic_load_n(&sh->kind, __ATOMIC_RELAXED) != SH_PAGES)
      continue;
    struct page *rec = (struct page *) sh->base;
    for (size_t k = 1; k < PAGES_PER_SUBHEAP; k++) {
      struct page *pg = &rec[k];
      if (__atomic_load_n(&pg->state, __ATOMIC_RELAXED) == PAGE_FREE)
        continue;
      uint32_t u = __atomic_load_n(&pg->used, __ATOMIC_RELAXED);
      uint32_t cap = __atomic_load_n(&pg->capacity, __ATOMIC_RELAXED);
      unsigned cls = __atomic_load_n(&pg->cls, __ATOMIC_RELAXED);
      if (u == 0)
        add_visit_in(pg, 0);
      if (u == 0 || u > cap || cap > SLICE || cls >= NCLASSES)
        continue;
      view[n].key = KEY(cls, u, cap);
      view[n++].pg = pg;
    }
  }
  qsort(view, n, sizeof *view, by_key);
  return n;
}

/* A page under the barrier as one integer in by_key's order: class, used,
 * capacity, candidates first, then the place of its record (sub-heap,
 * page), so that a radix sort orders pages as qsort with by_key would. */
#define CODE_SH_BITS 23                 /* sub-heaps: a region of 128 TiB */
static uint64_t page_code(const struct page *pg)
{
  uintptr_t off = (uintptr_t) pg - (uintptr_t) anchorage_region;
  uint64_t sh = off >> SUBHEAP_SHIFT, k = (off & (SUBHEAP_SIZE - 1)) / sizeof *pg;
  return (uint64_t) pg->cls << 58 | (uint64_t) pg->used << 45 | (uint64_t) pg->capacity << 32
         | (uint64_t) (pg->evac != CANDIDATE) << 31 | sh << 8 | k;
}

static struct page *code_page(uint64_t code)
{
  uint64_t sh = code >> 8 & ((1u << CODE_SH_BITS) - 1), k = code & 255;
  return (struct page *) (anchorage_region + (sh << SUBHEAP_SHIFT)) + k;
}

/* Least significant byte first, through tmp; a byte that is the same in
 * every code costs one count. */
static void radix_sort(uint64_t *a, uint64_t *tmp, size_t n)
{
  for (unsigned shift = 0; shift < 64; shift += 8) {
    size_t count[256] = { 0 };
    for (size_t i = 0; i < n; i++)
      count[a[i] >> shift & 255]++;
    if (n == 0 || count[a[0] >> shift & 255] == n)
      continue;
    for (size_t d = 0, sum = 0; d < 256; d++) {
      size_t c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (size_t i = 0; i < n; i++)
      tmp[count[a[i] >> shift & 255]++] = a[i];
    memcpy(a, tmp, n * sizeof *a);
  }
}

/* The pages to visit in round_now. */
static unsigned round_pages(void)
{
  unsigned n = 0;
  for (unsigned i = 0; i < nvisit; i++)
    n += visit_round[i] == round_now;
  return n;
}

/* Under the barrier: the pages of round_now, and those the barrier
 * itself listed, tidied, into view[], sorted; returns how many, and in
 * *visited how many pages it looked at.  Only
 * they are read, so that the pause does not grow with the heap, and they
 * are sorted by radix: qsort of 12,000 pages took 3 ms, most of a 5 ms
 * pause. */
static size_t revisit(unsigned *visited)
{
  static uint64_t codes[MAX_VISIT], tmp[MAX_VISIT];
  int by_radix = anchorage_region_size <= (size_t) 1 << (SUBHEAP_SHIFT + CODE_SH_BITS)
                 && PAGES_PER_SUBHEAP <= 256 && SLICE < (1u << 13) && NCLASSES <= 64;
  size_t n = 0;
  *visited = 0;
  for (unsigned i = 0; i < nvisit; i++) {
    struct page *pg = visit[i];
    if (visit_round[i] != round_now)
      continue;
    ++*visited;
    if (pg->state == PAGE_FREE || tidy(pg) == 0)
      continue;
    if (by_radix) {
      codes[n++] = page_code(pg);
      ALASKA_ASSERT(code_page(codes[n - 1]) == pg);
    } else {
      view[n].key = KEY(pg->cls, pg->used, pg->capacity);
      view[n++].pg = pg;
    }
  }
  if (by_radix) {
    radix_sort(codes, tmp, n);
    size_t m = 0;               /* a page listed twice: once */
    for (size_t i = 0; i < n; i++) {
      if (m && codes[i] == codes[i - 1])
        continue;
      struct page *pg = code_page(codes[i]);
      view[m].key = KEY(pg->cls, pg->used, pg->capacity);
      view[m++].pg = pg;
      ALASKA_ASSERT(m == 1 || by_key(&view[m - 2], &view[m - 1]) < 0);
    }
    return m;
  }
  qsort(view, n, sizeof *view, by_key);
  size_t m = 0;                 /* a page listed twice: once */
  for (size_t i = 0; i < n; i++)
    if (m == 0 || view[i].pg != view[m - 1].pg)
      view[m++] = view[i];
  return m;
}

/* The end of the class that starts at view[lo], of view[0, n). */
static size_t class_end(size_t lo, size_t n)
{
  size_t hi = lo;
  while (hi < n && KEY_CLS(view[hi].key) == KEY_CLS(view[lo].key))
    hi++;
  return hi;
}

/* Choose sources among the pages of one class, view[lo, hi), sparsest
 * first, as many as the free blocks of the densest can take within the
 * budget: before the barrier they are the possible sources, into
 * chosen[*nchosen] (need 0), under it sources among the candidates (need
 * CANDIDATE).  Returns the index of the densest page that is not a
 * destination. */
static size_t choose(size_t lo, size_t hi, size_t *budget, int forced, int need,
                     size_t *nchosen)
{
  /* Before the barrier, the class's hot blocks count as room: they are
   * free by the time it moves anything. */
  size_t room = need ? 0 : tc_hot_blocks(KEY_CLS(view[lo].key));
  size_t j = hi, size = class_size(KEY_CLS(view[lo].key));
  for (size_t i = lo; i < j; i++) {
    uint64_t k = view[i].key;
    struct page *pg = view[i].pg;
    if (!forced && (double) KEY_USED(k) / KEY_CAP(k) > SOURCE_MAX_OCCUPANCY)
      break;
    if (need && pg->evac != need)
      continue;
    size_t bytes = (size_t) KEY_USED(k) * size;
    if (bytes > *budget)
      break;
    while (room < KEY_USED(k) && j - 1 > i) {
      j--;
      room += KEY_CAP(view[j].key) - KEY_USED(view[j].key);
    }
    if (room < KEY_USED(k))
      break;
    room -= KEY_USED(k);
    *budget -= bytes;
    if (need)
      pg->evac = SOURCE;
    else
      chosen[(*nchosen)++] = view[i];
  }
  return j;
}

/* Fewest objects first; of as many, fewer bytes. */
static int by_cost(const void *a, const void *b)
{
  const struct view *v = a, *w = b;
  uint64_t x = (uint64_t) KEY_USED(v->key) << 32 | (uint32_t) (KEY_USED(v->key) * v->pg->size);
  uint64_t y = (uint64_t) KEY_USED(w->key) << 32 | (uint32_t) (KEY_USED(w->key) * w->pg->size);
  if (x != y)
    return x < y ? -1 : 1;
  return page_order(v, w);
}

/* The candidates, the pages that would take their objects, and pages
 * with remote frees to collect or empty: the barrier visits only them. */
int compact_prepare(size_t budget, int forced)
{
  if (!arrays())
    return 0;
  size_t n = look(), nchosen = 0;
  for (size_t lo = 0, hi; lo < n; lo = hi) {
    hi = class_end(lo, n);
    choose(lo, hi, &budget, forced, 0, &nchosen);
  }
  /* The cheapest of them, whatever their class (a class's candidates are
   * still its sparsest: the destinations found for them suffice). */
  qsort(chosen, nchosen, sizeof *chosen, by_cost);
  size_t objects = 0, per_round = candidate_objects / ROUNDS;
  if (per_round < MIN_ROUND_OBJECTS)
    per_round = MIN_ROUND_OBJECTS;
  left_out = nchosen;
  for (size_t i = 0; i < nchosen && ncandidates < MAX_SOURCES; i++) {
    size_t round = objects / per_round;
    objects += KEY_USED(chosen[i].key);
    if (ncandidates && (objects > candidate_objects || round > UINT8_MAX))
      break;
    left_out--;
    struct page *pg = chosen[i].pg;
    pg->scratch = ncandidates;
    cand_round[ncandidates] = (uint8_t) round;
    candidates[ncandidates++] = pg;
    pg->evac = CANDIDATE;
    nrounds = (unsigned) round + 1;
  }
  /* Each class's candidates, each with as many of its class's densest
   * pages that are not full as take its objects and those of the
   * candidates before it, in its round.  A class's candidates come
   * sparsest first in view[] as in chosen[], so their rounds do not
   * decrease; the last destination a round took may have room left, and
   * is visited in the next round too. */
  for (size_t lo = 0, hi; lo < n; lo = hi) {
    hi = class_end(lo, n);
    size_t need = 0, room = 0, d = hi, last_dest = hi;
    unsigned last = 0;
    for (size_t i = lo; i < hi; i++) {
      struct page *pg = view[i].pg;
      if (pg->evac == CANDIDATE) {
        unsigned round = cand_round[pg->scratch];
        if (round != last && room > need && last_dest < hi)
          add_visit_in(view[last_dest].pg, round);
        last = round;
        if (!add_visit_in(pg, round)) {
          pg->evac = 0;         /* no room to visit it: not a candidate */
          continue;
        }
        need += KEY_USED(view[i].key);
        while (room < need && d > i + 1 && view[d - 1].pg->evac != CANDIDATE) {
          d--;
          if (KEY_USED(view[d].key) == KEY_CAP(view[d].key))
            continue;           /* full: no room to visit it for */
          room += KEY_CAP(view[d].key) - KEY_USED(view[d].key);
          add_visit_in(view[d].pg, round);
          last_dest = d;
        }
      } else if (i < d && atomic_load_explicit(&pg->thread_free, memory_order_relaxed))
        add_visit_in(pg, 0);
    }
  }
  nvisit_look = nvisit;
  return ncandidates > 0;
}

void compact_unprepare(void)
{
  for (unsigned i = 0; i < ncandidates; i++)
    if (candidates[i]->scratch == i)
      candidates[i]->evac = 0;
  if (ncandidates)
    madvise(idmap, (size_t) ncandidates * SLICE * sizeof *idmap, MADV_DONTNEED);
  ncandidates = 0;
  nvisit = nvisit_look = 0;
  round_now = nrounds = round_first = 0;
  left_out = 0;
}

unsigned compact_left(void)
{
  unsigned n = 0;
  for (unsigned i = 0; i < ncandidates; i++)
    n += candidates[i]->scratch == i && candidates[i]->evac == CANDIDATE;
  return n;
}

int compact_more(void)
{
  return left_out || compact_left();
}

/* The ID of a block of a candidate page (the handle table's read). */
void compact_note_id(uint32_t id, void *backing)
{
  if (((uintptr_t) backing & (SUBHEAP_SIZE - 1)) < PAGE_SIZE)
    return;
  struct page *pg = page_of(backing);
  if (__atomic_load_n(&pg->evac, __ATOMIC_RELAXED) != CANDIDATE)
    return;
  uint32_t size = __atomic_load_n(&pg->size, __ATOMIC_RELAXED);
  size_t off = (size_t) ((char *) backing - pg->base);
  if (size == 0 || off % size || off / size >= SLICE || pg->scratch >= ncandidates)
    return;
  uint32_t *slot = &idmap[(size_t) pg->scratch * SLICE + off / size];
  *slot = *slot ? AMBIGUOUS : id + 1;
}

static void *dest_block(struct page *pg)
{
  if (!pg->free) {
    if (pg->bump >= pg->capacity)
      return NULL;
    page_carve(pg);
  }
  void **b = pg->free;
  pg->free = *b;
  pg->used++;
  return b;
}

/* A class under the barrier: its sources among view[lo, j), its
 * destinations view[j, hi), the densest below d not yet full. */
struct range { size_t j, d; };
static struct range ranges[NCLASSES];
static struct view sources[MAX_SOURCES];        /* key: its range */

/* Move the objects of source pg of class range c into its destinations. */
static void evacuate(struct page *pg, struct range *c, struct pass_result *r)
{
  pg->evac = CANDIDATE;
  if (pause_over(pg->used, (size_t) pg->used * pg->size))    /* the bound: the rest stay */
    return;
  pg->evac = 0;                 /* emptied as far as it goes: done */
  uint32_t *ids = &idmap[(size_t) pg->scratch * SLICE];
  for (uint32_t k = 0; k < pg->bump; k++) {
    uint32_t v = ids[k];
    void **from = (void **) (pg->base + (size_t) k * pg->size);
    if (v == 0 || v == AMBIGUOUS || alaska_backing(v - 1) != from || alaska_is_pinned(v - 1))
      continue;
    void *to = NULL;
    while (c->d > c->j && !(to = dest_block(view[c->d - 1].pg)))
      c->d--;
    if (!to)
      break;
    memcpy(to, from, pg->size);
    alaska_relocate(v - 1, to);
    *from = pg->free;
    pg->free = from;
    pg->used--;
    r->moved += pg->size;
    r->objects++;
  }
  if (pg->used == 0)
    tc_page_release(pg);
}

/* Fewest objects first, as the look chose them. */
static int by_used(const void *a, const void *b)
{
  const struct view *v = a, *w = b;
  uint32_t x = v->pg->used, y = w->pg->used;
  if (x != y)
    return x < y ? -1 : 1;
  return page_order(v, w);
}

void anchorage_compact(size_t *budget, int forced, struct pass_result *r)
{
  if (!view || pthread_mutex_trylock(&anchorage_heaps_lock))
    return;                     /* an exiting thread retires its heap */
  if (pthread_mutex_trylock(&anchorage_pages_lock)) {
    pthread_mutex_unlock(&anchorage_heaps_lock);
    return;
  }
  tc_flush_all_hot(add_visit);
  size_t before = r->objects;
  for (;;) {
    uint64_t t0 = anchorage_now_ns();
    unsigned pages;
    size_t n = revisit(&pages), nsources = 0;
    visit_ns = pause_follow(visit_ns, (anchorage_now_ns() - t0) / (pages ? pages : 1));
    nvisit = nvisit_look;       /* what this barrier listed is visited */
    for (size_t lo = 0, hi; lo < n && ncandidates; lo = hi) {
      hi = class_end(lo, n);
      unsigned cls = KEY_CLS(view[lo].key);
      size_t j = choose(lo, hi, budget, forced, CANDIDATE, NULL);
      ranges[cls] = (struct range) { j, hi };
      for (size_t i = lo; i < j && nsources < MAX_SOURCES; i++)
        if (view[i].pg->evac == SOURCE)
          sources[nsources++] = (struct view) { cls, view[i].pg };
    }
    qsort(sources, nsources, sizeof *sources, by_used);
    for (size_t i = 0; i < nsources; i++)
      evacuate(sources[i].pg, &ranges[sources[i].key], r);
    if (pause_stopped() || *budget == 0)
      break;
    /* This round is done: what it could not place stays where it is for
     * this look, which ends with its last round. */
    for (; round_first < ncandidates && cand_round[round_first] == round_now; round_first++)
      if (candidates[round_first]->scratch == round_first
          && candidates[round_first]->evac == CANDIDATE)
        candidates[round_first]->evac = 0;
    if (round_now + 1 >= nrounds)
      break;
    round_now++;
    if (pause_over_ns(round_pages() * visit_ns))
      break;
  }
  size_t c = pause_stopped() ? 8 * (r->objects - before) : MAX_CANDIDATE_OBJECTS;
  candidate_objects = c < MIN_CANDIDATE_OBJECTS ? MIN_CANDIDATE_OBJECTS
                      : c > MAX_CANDIDATE_OBJECTS ? MAX_CANDIDATE_OBJECTS : c;
  pages_trim();
  pthread_mutex_unlock(&anchorage_pages_lock);
  pthread_mutex_unlock(&anchorage_heaps_lock);
}
