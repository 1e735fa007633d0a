/* SPDX-License-Identifier: MIT */
/* wrappers-search.c: handle-aware versions of <search.h>'s hash table
 * (hsearch, hsearch_r) and doubly linked queues (insque, remque), whose
 * data structures hold the program's pointers (ALASKA_WRAPPERS in
 * alaska-abi.h).
 *
 * The hash table stores each entered ENTRY's key, which it compares with
 * strcmp at every later search, and its data, which it only hands back.
 * An entered key is kept in place for good (alaska_keep) and stored
 * translated: a kept object's address works as its handle does.  The data
 * stays as the program gave it, a handle included.  A key to find, or to
 * enter when it is already there, is read during the call only.
 *
 * insque and remque link and unlink elements through their first two
 * pointers (struct qelem's q_forw and q_back), which may all be handles:
 * the wrappers do that linking, as insque(3) states it, on the program's
 * pointers as they are, reaching each element through its translation. */
#define _GNU_SOURCE
#include <search.h>
#include "internal.h"

#define T(p) ((__typeof__(p)) alaska_wrapper_pin(p))

/* Search with the key translated; enter a new key kept. */
static int search(ENTRY item, ACTION action, ENTRY **retval, struct hsearch_data *htab)
{
  ENTRY find = { T(item.key), item.data };
  int found = htab ? hsearch_r(find, FIND, retval, htab) : (*retval = hsearch(find, FIND)) != NULL;
  if (found || action == FIND)
    return found;
  alaska_keep(item.key);
  ENTRY enter = { alaska_translate(item.key), item.data };
  return htab ? hsearch_r(enter, ENTER, retval, htab) : (*retval = hsearch(enter, ENTER)) != NULL;
}

ALASKA_API ENTRY *alaska_hsearch(ENTRY item, ACTION action)
{
  WRAPPER_SCOPE;
  ENTRY *r;
  search(item, action, &r, NULL);
  return r;
}

ALASKA_API int alaska_hsearch_r(ENTRY item, ACTION action, ENTRY **retval,
                                struct hsearch_data *htab)
{
  WRAPPER_SCOPE;
  ENTRY *r = NULL;
  int ok = search(item, action, &r, T(htab));
  *T(retval) = r;
  return ok;
}

struct link {
  struct link *forw, *back;
};

#define L(p) ((struct link *) alaska_translate(p))

ALASKA_API void alaska_insque(void *elem, void *prev)
{
  struct link *e = L(elem);
  if (!prev) {
    e->forw = e->back = NULL;
    return;
  }
  struct link *p = L(prev), *next = p->forw;
  e->forw = next;
  e->back = prev;
  if (next)
    L(next)->back = elem;
  p->forw = elem;
}

ALASKA_API void alaska_remque(void *elem)
{
  struct link *e = L(elem);
  if (e->forw)
    L(e->forw)->back = e->back;
  if (e->back)
    L(e->back)->forw = e->forw;
}
