/* SPDX-License-Identifier: GPL-3.0-or-later */
/* translator.h: the class behind the "alaska" pass (pass-translate.cc),
 * whose work is spread by concern over pass-translate.cc (the walk,
 * emitting translations, rewriting accesses), roots.cc (what a pointer
 * was derived from), rewrite-calls.cc (calls and asm statements) and
 * carried-phis.cc (PHIs given a translated twin).  Only those include it. */
#ifndef ALASKA_TRANSLATOR_H
#define ALASKA_TRANSLATOR_H

#include "domwalk.h"
#include "pin-sets.h"

/* Orders SSA names by version, before any other tree (by address: only
 * their identity counts), so that a map walked to create statements or
 * names does so in the same order on every run. */
struct ssa_version_order
{
  bool operator() (tree a, tree b) const
  {
    bool sa = TREE_CODE (a) == SSA_NAME, sb = TREE_CODE (b) == SSA_NAME;
    if (sa != sb)
      return sa;
    return sa ? SSA_NAME_VERSION (a) < SSA_NAME_VERSION (b) : a < b;
  }
};

/* Is t a 64-bit pointer or integer, which may hold a pointer? */
static inline bool pointer_sized_p (tree t)
{
  tree type = TREE_TYPE (t);
  return (POINTER_TYPE_P (type) || INTEGRAL_TYPE_P (type))
         && TYPE_PRECISION (type) == 64;
}

class translator : public dom_walker
{
public:
  translator (function *fun, bool hoist, pin_set_builder *pins)
    : dom_walker (CDI_DOMINATORS), fun (fun), hoist (hoist), pins (pins) {}

  edge before_dom_children (basic_block bb) final override;
  void after_dom_children (basic_block bb) final override;
  void choose_carried ();       /* before the walk */

  unsigned translations = 0;    /* translate sequences inserted */
  unsigned in_loops = 0;        /* ... of which inside a loop body */
  unsigned hoisted = 0;         /* ... of which hoisted to a preheader */
  unsigned accesses = 0;        /* accesses and arguments rewritten */
  unsigned escapes = 0;         /* pointer arguments to external calls */
  unsigned carried_phis = 0;    /* PHIs given a translated twin */
  unsigned raw_args = 0;        /* arguments translated for a static callee */
  unsigned marshalled = 0;      /* pointer slots marshalled (marshal.cc) */
  /* Default definitions of the parameters that arrive translated. */
  hash_set<tree> raw_params;
  bool need_vops = false;
  /* The root of pointer value p: values of one root point into one
   * object. */
  tree root_of (tree p);

private:
  function *fun;
  bool hoist;
  pin_set_builder *pins;        /* NULL under -fplugin-arg-alaska-no-track */
  hash_map<tree, tree> root_cache;
  hash_map<tree, tree> sibling_cache;
  /* Translations at the end of loop preheaders: (root, loop number). */
  std::map<std::pair<tree, int>, tree> in_preheader;
  /* Translations available at the current point of the walk: root ->
   * translated pointer, and the undo log with a marker per block. */
  hash_map<tree, tree> avail;
  std::vector<std::pair<tree, tree>> undo;
  /* Translated root -> translated - root, emitted beside it: a pointer
   * derived from the root is rebuilt as itself plus this delta. */
  hash_map<tree, tree> delta_of;
  /* Carried PHI results -> their translated twins. */
  hash_map<tree, gphi *> carried;
  /* Carried PHI results -> the PHIs of their deltas (twin - PHI). */
  hash_map<tree, gphi *> carried_delta;
  /* In choose_carried: roots of abnormal PHIs are candidates, not yet
   * carried. */
  bool choosing = false;

  bool libc_memory_p (tree root, int level, int depth = 0);
  tree sibling_root (tree p, hash_set<tree> &busy);
  tree root_1 (tree p, hash_map<tree, int> &open, int &low);
  tree translate_root (tree root, gimple_stmt_iterator *gsi);
  class loop *hoist_target (tree root, basic_block use);
  tree translated (tree p, gimple_stmt_iterator *gsi);
  bool rewrite_base (tree *slot, gimple_stmt_iterator *gsi);
  bool rewrite_ref (tree ref, gimple_stmt_iterator *gsi);
  bool rewrite_pointer (tree *slot, gimple_stmt_iterator *gsi, bool any_type = false);
  bool rewrite_transparent_union (tree *slot, gimple_stmt_iterator *gsi);
  void keep (tree h, const char *callee, gimple_stmt_iterator *gsi);
  void process_call (gcall *call, gimple_stmt_iterator *gsi);
  void process_internal_call (gcall *call, gimple_stmt_iterator *gsi, bool changed);
  void process_external_call (gcall *call, gimple_stmt_iterator *gsi, bool changed);
  bool pass_raw_args (gcall *call, gimple_stmt_iterator *gsi);
  void process_asm (gasm *stmt, gimple_stmt_iterator *gsi);
  void fix_result (gcall *call, tree handle, tree raw, gimple_stmt_iterator *gsi);
  tree emit (gimple_stmt_iterator *gsi, tree type, tree_code code,
             tree a, tree b = NULL_TREE, tree c = NULL_TREE);
  tree emit (gimple_seq *seq, tree type, tree_code code,
             tree a, tree b = NULL_TREE, tree c = NULL_TREE);
  void note_translation (tree root, tree t, basic_block bb, class loop *from);
  tree difference (gimple_seq *seq, tree t, tree p);
  void add_delta_and_pin (tree root, tree t, gimple_seq *seq);
  bool carry_candidate_p (tree p);
  bool cheap_arg_p (tree arg, edge e, hash_set<tree> &chosen);
  void carry_candidates (hash_set<tree> &chosen, hash_set<tree> &self, auto_vec<tree> &work);
  void find_wanted (auto_vec<tree> &work, hash_set<tree> &chosen, hash_set<tree> &self,
                    hash_set<tree> &wanted);
  bool drop_unwanted_or_dear (auto_vec<tree> &work, hash_set<tree> &chosen,
                              hash_set<tree> &wanted);
  void make_twin (tree p);
  void start_carried (basic_block bb);
  void feed_carried (basic_block bb);
  tree delta_at_edge (tree p, tree t, gimple_stmt_iterator *gsi, const char **how);
};

#endif
