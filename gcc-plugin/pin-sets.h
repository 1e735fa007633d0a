/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pin-sets.h: building a function's pin set (see pin-sets.cc). */
#ifndef ALASKA_PIN_SETS_H
#define ALASKA_PIN_SETS_H

/* Per block index: the [first, last] statement positions where live. */
typedef std::map<int, std::pair<unsigned, unsigned>> live_range;

class pin_set_builder
{
public:
  explicit pin_set_builder (function *fun);
  ~pin_set_builder ();
  /* A translation of `root' into `value', whose first statement is
   * `first': its pin is stored right before that statement. */
  void add_translation (tree root, tree value, gimple *first);
  /* `derived' is a pointer computed from translated value `from'. */
  void add_derived (tree derived, tree from);
  /* `call' is given translated pointers (escapes): it must not become a
   * tail call, which would free the frame holding their pins. */
  void add_escape_call (gcall *call) { escape_calls.push_back (call); }
  /* Translated `value' reaches `use' through memory (the copy of a
   * transparent union given to a call): it is live up to `use' too. */
  void add_use_through_memory (tree value, gimple *use)
  {
    memory_uses.push_back ({value, use});
  }
  /* Colour, create the array, insert the stores and the keep-alive asms.
   * root_of: the root of a pointer value, as translation sees it (two
   * values of one root point into one object).  Returns the number of
   * slots (0: no translations, no array). */
  unsigned finish (const std::function<tree (tree)> &root_of);
  /* After the safepoints are in: clear, before the entry safepoint
   * `entry', the slots that some later stop point may find never stored.
   * Returns how many. */
  unsigned clear_unstored (unsigned slots, gimple *entry);
  tree pin_array = NULL_TREE;
  unsigned stored = 0;          /* translations given a pin */
  unsigned elided = 0;          /* translations that need none */
  unsigned in_place = 0;        /* pins whose slot holds the object already */
  unsigned edge_stores = 0;     /* stores moved to the edges that lack it */

private:
  struct translation {
    tree root;
    gimple *first;
    std::vector<tree> values;   /* the translated value and its derivatives */
    live_range live;            /* where any of them is live */
    bool pinned;                /* a stop point is in `live' */
  };
  class in_place_finder;
  bool holds_stop_point (const live_range &r);
  void measure_live_ranges ();
  unsigned colour (std::vector<unsigned> &slot);
  void insert_stores (const std::vector<unsigned> &slot, unsigned slots,
                      const std::function<tree (tree)> &root_of);
  void keep_array_alive ();
  void find_in_place (const std::vector<unsigned> &slot, unsigned slots,
                      const std::function<tree (tree)> &root_of,
                      std::vector<bool> &skip, std::vector<std::vector<edge>> &moved);
  function *fun;
  std::vector<translation> translations;
  hash_map<tree, unsigned> owner;
  std::vector<gcall *> escape_calls;
  std::vector<std::pair<tree, gimple *>> memory_uses;
};

#endif
