/* SPDX-License-Identifier: MIT */
/* safepoint-table.c: the program's safepoints and instrumented functions,
 * read from the ALASKA_NOTE_SAFEPOINT notes of every loaded object.
 *
 * - Patching: each safepoint's NOP becomes `ud2' (ALASKA_SAFEPOINT_TRAP_BYTE
 *   in its second byte) and back; text pages are made writable around it.
 * - Functions: every entry safepoint names its function, whose bounds come
 *   from the FDE covering it; its pin set is at a fixed offset from the
 *   frame's CFA, computed from the note's `lea' (base register and
 *   displacement) and the CFA rule at that address (cfi.c).  A function
 *   whose pin set cannot be located that way is marked unknown: a barrier
 *   that finds it on a stack moves nothing.
 * Built once, by the first barrier; objects loaded later with dlopen are
 * picked up by alaska_safepoints_refresh.
 */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <valgrind/valgrind.h>
#include "internal.h"

static uint8_t **sites;         /* safepoint addresses, sorted */
static size_t nsites, cap_sites;
static struct alaska_function *fns;     /* sorted by start */
static size_t nfns, cap_fns;

/* x86-64 register numbers of ModRM/SIB -> DWARF numbers. */
static const int dwarf_of_x86[16] = { 0, 2, 1, 3, 7, 6, 4, 5, 8, 9, 10, 11, 12, 13, 14, 15 };

/* `lea disp(base), %rax' -> DWARF base register and displacement. */
static int decode_lea(const uint8_t *b, int *reg, int64_t *disp)
{
  int rex_b = 0;
  if ((*b & 0xf0) == 0x40) {
    rex_b = *b & 1;
    b++;
  }
  if (*b++ != 0x8d)
    return -1;
  uint8_t modrm = *b++;
  int mod = modrm >> 6, rm = modrm & 7;
  int base = rm;
  if (rm == 4)
    base = *b++ & 7;            /* SIB; index 4 = none for rsp-based slots */
  else if (rm == 5 && mod == 0)
    return -1;                  /* RIP-relative: not a stack slot */
  if (mod == 1)
    *disp = (int8_t) *b;
  else if (mod == 2) {
    int32_t d;
    memcpy(&d, b, 4);
    *disp = d;
  } else if (mod == 0)
    *disp = 0;
  else
    return -1;
  *reg = dwarf_of_x86[base + 8 * rex_b];
  return 0;
}

static int cmp_site(const void *a, const void *b)
{
  uintptr_t x = (uintptr_t) *(uint8_t *const *) a, y = (uintptr_t) *(uint8_t *const *) b;
  return (x > y) - (x < y);
}

static int cmp_fn(const void *a, const void *b)
{
  const struct alaska_function *x = a, *y = b;
  return (x->start > y->start) - (x->start < y->start);
}

static void on_note(unsigned type, const char *desc, size_t size, void *arg)
{
  (void) arg;
  if (type != ALASKA_NOTE_SAFEPOINT || size < sizeof(struct alaska_safepoint_note))
    return;
  const struct alaska_safepoint_note *n = (const void *) desc;
  uint8_t *pc = (uint8_t *) desc + n->pc;
  if (nsites == cap_sites) {
    cap_sites = cap_sites ? 2 * cap_sites : 1024;
    sites = realloc(sites, cap_sites * sizeof *sites);
    if (!sites)
      alaska_fatal("out of memory reading safepoints");
  }
  sites[nsites++] = pc;
  if (n->kind != ALASKA_SAFEPOINT_ENTRY)
    return;

  struct alaska_function f = { .entry = (uintptr_t) pc, .pin_slots = n->pin_slots };
  int cfa_reg, reg;
  int64_t cfa_off, disp;
  if (alaska_cfa_rule((uintptr_t) pc, &cfa_reg, &cfa_off, &f.start, &f.end))
    return;                     /* no FDE: frames of it cannot be walked anyway */
  if (n->pin_slots == 0)
    f.known = 1;
  else if (!decode_lea(n->lea, &reg, &disp) && reg == cfa_reg) {
    f.pin_offset = disp - cfa_off;
    f.known = 1;
  }
  if (nfns == cap_fns) {
    cap_fns = cap_fns ? 2 * cap_fns : 256;
    fns = realloc(fns, cap_fns * sizeof *fns);
    if (!fns)
      alaska_fatal("out of memory reading safepoints");
  }
  fns[nfns++] = f;
}

void alaska_safepoints_refresh(void)
{
  nsites = nfns = 0;
  alaska_each_note(on_note, NULL);
  qsort(sites, nsites, sizeof *sites, cmp_site);
  qsort(fns, nfns, sizeof *fns, cmp_fn);
}

size_t alaska_safepoint_count(void)
{
  return nsites;
}

const struct alaska_function *alaska_function_at(uintptr_t pc)
{
  size_t lo = 0, hi = nfns;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (pc < fns[mid].start)
      hi = mid;
    else if (pc >= fns[mid].end)
      lo = mid + 1;
    else
      return &fns[mid];
  }
  return NULL;
}

int alaska_is_safepoint(uintptr_t pc)
{
  uint8_t *key = (uint8_t *) pc;
  return bsearch(&key, sites, nsites, sizeof *sites, cmp_site) != NULL;
}

/* Make the pages of all sites writable (or back), one mprotect per run of
 * pages. */
static void protect(int prot)
{
  long page = sysconf(_SC_PAGESIZE);
  uintptr_t run_start = 0, run_end = 0;
  for (size_t i = 0; i < nsites; i++) {
    uintptr_t a = (uintptr_t) sites[i] & ~(page - 1);
    uintptr_t b = ((uintptr_t) sites[i] + ALASKA_SAFEPOINT_SIZE + page - 1) & ~(page - 1);
    if (run_end && a <= run_end) {
      if (b > run_end)
        run_end = b;
      continue;
    }
    if (run_end && mprotect((void *) run_start, run_end - run_start, prot))
      alaska_fatal("cannot change the protection of code at %p", (void *) run_start);
    run_start = a;
    run_end = b;
  }
  if (run_end && mprotect((void *) run_start, run_end - run_start, prot))
    alaska_fatal("cannot change the protection of code at %p", (void *) run_start);
}

/* The sites' pages are writable from before a barrier stops the threads
 * until after they resume: changing a mapping's protection is costly (a
 * write-protect flushes every CPU's TLB), and is no part of the pause.
 * Both flags are set before the change they stand for and cleared after
 * it is undone, so that a child forked at any point in between can undo
 * it. */
static int writable, armed;

void alaska_safepoints_writable(int w)
{
  ALASKA_ASSERT(writable != w && !armed);
  if (w) {
    __atomic_store_n(&writable, 1, __ATOMIC_SEQ_CST);
    protect(PROT_READ | PROT_WRITE | PROT_EXEC);
  } else {
    protect(PROT_READ | PROT_EXEC);
    __atomic_store_n(&writable, 0, __ATOMIC_SEQ_CST);
  }
}

void alaska_safepoints_arm(int trap)
{
  ALASKA_ASSERT(armed != trap && writable);     /* arm, disarm, in turn */
  if (trap)
    __atomic_store_n(&armed, 1, __ATOMIC_SEQ_CST);
  uint8_t byte = trap ? ALASKA_SAFEPOINT_TRAP_BYTE : 0x1f;
  for (size_t i = 0; i < nsites; i++)
    __atomic_store_n(&sites[i][1], byte, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  /* valgrind checks for changed code only in anonymous memory, and text is
   * file-backed: without this, it would go on running the sites as they
   * were translated, and a thread looping in instrumented code would never
   * reach the barrier. */
  if (RUNNING_ON_VALGRIND)
    for (size_t i = 0, j; i < nsites; i = j) {     /* one request per cluster */
      for (j = i + 1; j < nsites && sites[j] - sites[j - 1] < 4096; j++)
        ;
      VALGRIND_DISCARD_TRANSLATIONS(sites[i], sites[j - 1] + ALASKA_SAFEPOINT_SIZE - sites[i]);
    }
  if (!trap)
    __atomic_store_n(&armed, 0, __ATOMIC_SEQ_CST);
}

/* In a child forked while a barrier had the safepoints armed or their
 * pages writable: its copy of the text traps, and no barrier will ever
 * restore it. */
void alaska_safepoints_after_fork(void)
{
  if (armed)
    alaska_safepoints_arm(0);
  if (writable)
    alaska_safepoints_writable(0);
}
