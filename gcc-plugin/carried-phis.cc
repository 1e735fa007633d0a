/* SPDX-License-Identifier: GPL-3.0-or-later */
/* carried-phis.cc: PHIs that merge pointers of different roots and get
 * a translated twin, for the "alaska" pass (translator.h): which to carry
 * (choose_carried), and the twins' and deltas' statements and arguments
 * during the walk.
 *
 * A PHI that merges pointers of different roots (a cursor
 * reset from a loaded value on some paths and advanced on others, as
 * SQLite's `pOp') is a root of its own.  Where enough of the flow into it
 * comes along edges where its argument's translation is already at hand
 * -- derived from another carried PHI, or hoisted -- it gets a twin: a PHI
 * of its arguments' translations, each made at the end of its edge's
 * source block, and a pin store of the PHI itself at the top of its
 * block, in place of a table load on every pass (choose_carried).  Its
 * delta (twin - PHI, which rebuilds pointers derived from the PHI through
 * other PHIs or integer arithmetic) is a PHI too, of the deltas of the
 * arguments' roots: a cursor that keeps to its object, an interpreter's
 * pc advanced in every case, passes its own delta round the loop, and
 * nothing is computed on each pass.  The cursor of a computed-goto
 * interpreter, a PHI of the block that dispatches whose names meet
 * abnormal edges, is carried too: the PHI itself is used only where it
 * is defined.  A PHI whose arguments have
 * the same roots as an earlier PHI's of its block, edge by edge, is
 * derived from that one (sibling_root).
 */
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "translator.h"

/* May PHI result p get a translated twin: a pointer PHI that is its own
 * root, reached by normal edges only, from blocks whose end can take the
 * translation of an argument (not a call or asm that ends the block)?
 * One that goes on along abnormal edges (the factored block of computed
 * gotos) may: its twin is a name of its own, and p itself is used only
 * at its definition, for its pin and delta. */
bool translator::carry_candidate_p (tree p)
{
  if (TREE_CODE (p) != SSA_NAME || virtual_operand_p (p) || !pointer_sized_p (p)
      || (SSA_NAME_OCCURS_IN_ABNORMAL_PHI (p) && !alaska_abnormal_only_goto_p (fun)))
    return false;
  gphi *phi = dyn_cast<gphi *> (SSA_NAME_DEF_STMT (p));
  if (!phi || root_of (p) != p)
    return false;
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, gimple_bb (phi)->preds)
    {
      if (e->flags & (EDGE_ABNORMAL | EDGE_EH) || e->src == ENTRY_BLOCK_PTR_FOR_FN (fun))
        return false;
      gimple *last = last_stmt (e->src);
      if (last && stmt_ends_bb_p (last) && !is_ctrl_stmt (last))
        return false;
    }
  return true;
}

/* Is the translation of arg at the end of e's source at hand: arg is no
 * handle, or its root is a chosen PHI (whose twin dominates the edge) or
 * is translated in a loop preheader? */
bool translator::cheap_arg_p (tree arg, edge e, hash_set<tree> &chosen)
{
  tree r = root_of (arg);
  return TREE_CODE (r) != SSA_NAME || chosen.contains (r) || hoist_target (r, e->src);
}

/* walk_stmt_load_store_ops callback: note an access's base pointer and
 * its block. */
static bool note_base (gimple *stmt, tree base, tree, void *data)
{
  if (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF)
    {
      tree b = TREE_OPERAND (base, 0);
      if (TREE_CODE (b) == SSA_NAME)
        ((std::vector<std::pair<tree, basic_block>> *) data)->push_back ({b, gimple_bb (stmt)});
    }
  return false;
}

/* Choose the carried PHIs, by GCC's estimated frequencies.  A candidate
 * is wanted for itself where its translation would run on at least half
 * the passes through its block (the blocks of the accesses rooted at it,
 * less those a dominating one serves), and wanted for another where it is
 * the root of the arguments on at least half of the flow into a wanted
 * PHI.  A wanted PHI is carried where at least a third of the flow into
 * it comes with its translation at hand: a translation costs about seven
 * instructions and a load, a pin store one, and a chain of carried PHIs
 * stores at each.  Dropping one may make others unwanted or dear: repeat
 * until no change. */
void translator::choose_carried ()
{
  if (!hoist)
    return;
  choosing = true;
  hash_set<tree> chosen, self;
  auto_vec<tree> work;
  carry_candidates (chosen, self, work);
  for (bool changed = true; changed; )
    {
      hash_set<tree> wanted;
      find_wanted (work, chosen, self, wanted);
      changed = drop_unwanted_or_dear (work, chosen, wanted);
    }
  choosing = false;
  for (tree p : work)
    if (chosen.contains (p))
      make_twin (p);
}

static int64_t block_frequency (basic_block b)
{
  return b->count.to_frequency (cfun);
}

/* The PHI that defines candidate p. */
static gphi *phi_of (tree p)
{
  return as_a<gphi *> (SSA_NAME_DEF_STMT (p));
}

/* The candidates, in work: the roots of accesses that may be carried
 * (in self where wanted for themselves), and the roots of their
 * arguments, all in chosen.  By SSA version, so that the twins are made
 * in the same order on every run. */
void translator::carry_candidates (hash_set<tree> &chosen, hash_set<tree> &self,
                                   auto_vec<tree> &work)
{
  std::vector<std::pair<tree, basic_block>> bases;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      walk_stmt_load_store_ops (gsi_stmt (gsi), &bases, note_base, note_base);
  std::map<tree, std::set<basic_block>, ssa_version_order> uses;
  for (auto &b : bases)
    {
      tree r = root_of (b.first);
      if (carry_candidate_p (r))
        uses[r].insert (b.second);
    }
  for (auto &u : uses)
    {
      work.safe_push (u.first);
      chosen.add (u.first);
      int64_t runs = 0;
      for (basic_block b : u.second)
        {
          bool served = false;
          for (basic_block d : u.second)
            served |= d != b && dominated_by_p (CDI_DOMINATORS, b, d);
          if (!served)
            runs += block_frequency (b);
        }
      if (2 * runs >= block_frequency (gimple_bb (phi_of (u.first))))
        self.add (u.first);
    }
  for (unsigned i = 0; i < work.length (); i++)
    for (unsigned j = 0; j < gimple_phi_num_args (phi_of (work[i])); j++)
      {
        tree r = root_of (gimple_phi_arg_def (phi_of (work[i]), j));
        if (!chosen.contains (r) && carry_candidate_p (r))
          chosen.add (r), work.safe_push (r);
      }
}

/* wanted: the chosen PHIs reached from one wanted for itself through
 * arguments on at least half of the flow into a wanted PHI (or of their
 * own block's). */
void translator::find_wanted (auto_vec<tree> &work, hash_set<tree> &chosen,
                              hash_set<tree> &self, hash_set<tree> &wanted)
{
  auto_vec<tree> stack;
  for (tree p : work)
    if (chosen.contains (p) && self.contains (p))
      wanted.add (p), stack.safe_push (p);
  while (!stack.is_empty ())
    {
      gphi *phi = phi_of (stack.pop ());
      std::map<tree, int64_t, ssa_version_order> flow;
      int64_t all = 0;
      for (unsigned j = 0; j < gimple_phi_num_args (phi); j++)
        {
          int64_t f = EDGE_FREQUENCY (gimple_phi_arg_edge (phi, j));
          flow[root_of (gimple_phi_arg_def (phi, j))] += f;
          all += f;
        }
      for (auto &x : flow)
        if (chosen.contains (x.first) && !wanted.contains (x.first)
            && (2 * x.second >= all
                || 2 * x.second >= block_frequency (gimple_bb (phi_of (x.first)))))
          wanted.add (x.first), stack.safe_push (x.first);
    }
}

/* Drop from chosen each PHI not wanted, or with less than a third of the
 * flow into it coming with its translation at hand; true if any was. */
bool translator::drop_unwanted_or_dear (auto_vec<tree> &work, hash_set<tree> &chosen,
                                        hash_set<tree> &wanted)
{
  bool changed = false;
  for (tree p : work)
    {
      if (!chosen.contains (p))
        continue;
      gphi *phi = phi_of (p);
      int64_t all = 0, cheap = 0;
      bool any = false;
      for (unsigned j = 0; j < gimple_phi_num_args (phi); j++)
        {
          edge e = gimple_phi_arg_edge (phi, j);
          all += EDGE_FREQUENCY (e);
          if (cheap_arg_p (gimple_phi_arg_def (phi, j), e, chosen))
            cheap += EDGE_FREQUENCY (e), any = true;
        }
      if (wanted.contains (p) && any && 3 * cheap >= all)
        continue;
      chosen.remove (p);
      changed = true;
      if (dump_file)
        {
          fprintf (dump_file, "alaska: not carried ");
          print_generic_expr (dump_file, p);
          if (!wanted.contains (p))
            fprintf (dump_file, ": not wanted\n");
          else
            fprintf (dump_file, ": %" PRId64 " of %" PRId64 " of its flow in at hand\n",
                     cheap, all);
        }
    }
  return changed;
}

/* Give carried PHI p its twin and its delta's PHI, with null and zero
 * arguments until the walk feeds each edge (an unreachable source keeps
 * them). */
void translator::make_twin (tree p)
{
  gcc_checking_assert (!carried.get (p) && !choosing);
  basic_block bb = gimple_bb (SSA_NAME_DEF_STMT (p));
  gphi *twin = create_phi_node (make_ssa_name (ptr_type_node), bb);
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    add_phi_arg (twin, null_pointer_node, e, UNKNOWN_LOCATION);
  carried.put (p, twin);
  gphi *delta = create_phi_node (make_ssa_name (sizetype), bb);
  FOR_EACH_EDGE (e, ei, bb->preds)
    add_phi_arg (delta, size_zero_node, e, UNKNOWN_LOCATION);
  carried_delta.put (p, delta);
}

/* At the top of bb: each carried PHI's pin store (before its delta) and
 * its twin made the PHI's translation. */
void translator::start_carried (basic_block bb)
{
  for (gphi_iterator gpi = gsi_start_phis (bb); !gsi_end_p (gpi); gsi_next (&gpi))
    {
      tree p = gimple_phi_result (gpi.phi ());
      gphi **twin = carried.get (p);
      if (!twin)
        continue;
      tree t = gimple_phi_result (*twin);
      gimple_stmt_iterator gsi = gsi_after_labels (bb);
      gimple_seq seq = NULL;
      add_delta_and_pin (p, t, &seq);
      gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
      /* The delta comes in beside the twin, so that a loop whose carried
       * pointer keeps to its object (a cursor, an interpreter's pc) does
       * not compute it on every pass; the one just made anchors the pin
       * and is left to die. */
      gphi **dphi = carried_delta.get (p);
      gcc_checking_assert (dphi);       /* made with the twin */
      tree d = gimple_phi_result (*dphi);
      delta_of.put (t, d);
      if (pins)
        pins->add_derived (d, t);
      undo.push_back ({p, NULL_TREE});
      avail.put (p, t);
      carried_phis++;
      if (dump_file)
        {
          fprintf (dump_file, "alaska: carry ");
          print_generic_expr (dump_file, p);
          fprintf (dump_file, " -> ");
          print_generic_expr (dump_file, t);
          fprintf (dump_file, " in bb %d, loop depth %d\n", bb->index,
                   bb->loop_father ? loop_depth (bb->loop_father) : 0);
        }
    }
}

/* t - p, where t is translated (p), before gsi: the delta of p's root,
 * which translated gave p and its root alike, or else computed.  *how
 * says which, for the dump. */
tree translator::delta_at_edge (tree p, tree t, gimple_stmt_iterator *gsi, const char **how)
{
  *how = "zero";
  if (t == p)
    return size_zero_node;
  tree root = TREE_CODE (p) == SSA_NAME ? root_of (p) : NULL_TREE;
  tree *tr = root ? avail.get (root) : NULL;
  tree *d = tr ? delta_of.get (*tr) : NULL;
  *how = "its root's";
  if (d)
    return *d;
  *how = "computed";
  gimple_seq seq = NULL;
  tree delta = difference (&seq, t, p);
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  return delta;
}

/* At the end of bb: the translation of each carried PHI argument that
 * flows out of it, as its twin's argument. */
void translator::feed_carried (basic_block bb)
{
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->succs)
    for (gphi_iterator gpi = gsi_start_phis (e->dest); !gsi_end_p (gpi); gsi_next (&gpi))
      {
        gphi **twin = carried.get (gimple_phi_result (gpi.phi ()));
        if (!twin)
          continue;
        gimple_stmt_iterator gsi = gsi_last_bb (bb);
        if (gsi_end_p (gsi) || !is_ctrl_stmt (gsi_stmt (gsi)))
          {
            gsi = gsi_last_bb (bb);
            if (!gsi_end_p (gsi))
              gsi_next (&gsi);
          }
        tree arg = PHI_ARG_DEF_FROM_EDGE (gpi.phi (), e);
        tree t = TREE_CODE (arg) == SSA_NAME ? translated (arg, &gsi) : arg;
        if (!useless_type_conversion_p (ptr_type_node, TREE_TYPE (t)))
          {
            gimple_seq seq = NULL;
            t = gimple_convert (&seq, ptr_type_node, t);
            gsi_insert_seq_before (&gsi, seq, GSI_SAME_STMT);
          }
        add_phi_arg (*twin, t, e, UNKNOWN_LOCATION);
        gphi **dphis = carried_delta.get (gimple_phi_result (gpi.phi ()));
        gcc_checking_assert (dphis);
        gphi *dphi = *dphis;
        const char *how;
        tree d = delta_at_edge (arg, t, &gsi, &how);
        add_phi_arg (dphi, d, e, UNKNOWN_LOCATION);
        if (dump_file)
          {
            fprintf (dump_file, "alaska: delta of ");
            print_generic_expr (dump_file, gimple_phi_result (gpi.phi ()));
            fprintf (dump_file, " on edge %d->%d: %s\n", e->src->index, e->dest->index,
                     d == gimple_phi_result (dphi) ? "its own" : how);
          }
      }
}
