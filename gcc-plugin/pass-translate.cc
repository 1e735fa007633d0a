/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pass-translate.cc: the "alaska" pass, which inserts handle translations.
 *
 * Every memory access whose address may be a handle -- the base pointer of
 * a MEM_REF or TARGET_MEM_REF, the pointer operand of masked, length and
 * gather/scatter vector loads and stores, asm memory operands -- and every
 * pointer argument of a call that leaves instrumented code (external.cc)
 * gets an address dominated by a translation of its pointer's *root*: the
 * value it was derived from through pointer arithmetic, casts, integer round
 * trips and PHIs.  The derived address is rebuilt on the translated root,
 *     p' = translate (root) + (p - root),
 * so an access through `base - 1' or a pointer induction variable is right
 * even where the intermediate value is outside its object.  One translation
 * per root is shared by everything the translation dominates (a walk of the
 * dominator tree with a scoped table).
 *
 * Hoisting (Algorithm 1 of the Alaska paper): in the loop pipeline, the
 * translation of a root used inside a loop goes to the end of the
 * preheader of the outermost loop that contains the use but not the
 * root's definition, and serves every use of that root in the loop.  A
 * root defined in the innermost loop around the use is translated in place.
 * Only SSA values are hoisted, so nothing moves past what GCC proved
 * invariant.  -fplugin-arg-alaska-no-hoist translates in place.
 *
 * Carried PHIs (carried-phis.cc): a PHI that merges pointers of different
 * roots may get a translated twin, a PHI of its arguments' translations.
 *
 * Placement (see shared notes on GCC 12): one instance inside the loop
 * pipeline before ivopts, which still sees pointer walks as pointers; one
 * after the no-loop pipeline; one before "optimized" for -O0/-Og.  Each
 * function is instrumented by the first instance that reaches it.
 *
 * The translation is emitted inline, with no test and no branch
 * (alaska-abi.h: 4-byte entries, the backing address >> 3):
 *     u = (uint64) root;
 *     e = *(entry *) (ALASKA_TABLE_ORIGIN + (u >> 32) * 4);
 *     t = smax (u, u & 0xffffffff) + ((uint64) e << 3);
 * which x86-64 does in six instructions (mov, shr, load, mov, cmp, cmov)
 * and the address of each access (t + e * 8).
 * The load cannot trap: the table's whole span is mapped.
 */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"
#include "translator.h"

/* DECL_UIDs: a freed declaration's address may come back as another's. */
static std::set<unsigned> instrumented_fns;
static tree entry_type, entry_ptr_type;

/* Table entries get an alias set of their own: no program store can
 * change them, so GCC may reuse a loaded entry across program stores. */
static void init_types ()
{
  if (entry_type)
    return;
  entry_type = alaska_gc_keep (build_distinct_type_copy (unsigned_type_node));
  TYPE_CANONICAL (entry_type) = entry_type;
  TYPE_NAME (entry_type) = NULL_TREE;
  entry_ptr_type = alaska_gc_keep (build_pointer_type (entry_type));
}

tree alaska_entry_type ()
{
  init_types ();
  return entry_type;
}

/* ---- emitting ---------------------------------------------------------- */

tree translator::emit (gimple_seq *seq, tree type, tree_code code,
                       tree a, tree b, tree c)
{
  tree lhs = make_ssa_name (type);
  gassign *g = c ? gimple_build_assign (lhs, code, a, b, c)
             : b ? gimple_build_assign (lhs, code, a, b)
             : gimple_build_assign (lhs, code, a);
  gimple_seq_add_stmt_without_update (seq, g);
  return lhs;
}

tree translator::emit (gimple_stmt_iterator *gsi, tree type, tree_code code,
                       tree a, tree b, tree c)
{
  gimple_seq seq = NULL;
  tree lhs = emit (&seq, type, code, a, b, c);
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  return lhs;
}

/* The loop whose preheader should translate `root' for a use in block
 * `use': the outermost loop containing the use but not root's definition.
 * NULL: translate in place. */
class loop *translator::hoist_target (tree root, basic_block use)
{
  if (!hoist || TREE_CODE (root) != SSA_NAME)
    return NULL;
  basic_block def = SSA_NAME_IS_DEFAULT_DEF (root)
                    ? ENTRY_BLOCK_PTR_FOR_FN (fun) : gimple_bb (SSA_NAME_DEF_STMT (root));
  class loop *target = NULL;
  for (class loop *l = use->loop_father; l && loop_outer (l); l = loop_outer (l))
    {
      if (def && flow_bb_inside_loop_p (l, def))
        break;
      target = l;
    }
  if (!target)
    return NULL;
  /* The preheader must fall through into the header. */
  basic_block pre = loop_preheader_edge (target)->src;
  if (!single_succ_p (pre) || (single_succ_edge (pre)->flags & EDGE_ABNORMAL))
    return NULL;
  gimple *last = last_stmt (pre);
  if (last && stmt_ends_bb_p (last) && !is_ctrl_stmt (last))
    return NULL;
  return target;
}

void translator::note_translation (tree root, tree t, basic_block bb, class loop *from)
{
  translations++;
  int depth = bb->loop_father ? loop_depth (bb->loop_father) : 0;
  if (depth > 0)
    in_loops++;
  if (from)
    hoisted++;
  if (!dump_file)
    return;
  fprintf (dump_file, "alaska: translate ");
  print_generic_expr (dump_file, root);
  fprintf (dump_file, " -> ");
  print_generic_expr (dump_file, t);
  fprintf (dump_file, " in bb %d, loop depth %d", bb->index, depth);
  if (from)
    fprintf (dump_file, ", hoisted out of loop %d", from->num);
  fprintf (dump_file, "\n");
}

/* t - p, in sizetype. */
tree translator::difference (gimple_seq *seq, tree t, tree p)
{
  return emit (seq, sizetype, MINUS_EXPR, emit (seq, sizetype, NOP_EXPR, t),
               emit (seq, sizetype, NOP_EXPR, p));
}

/* Append to seq, which holds or will hold root's translation t, the delta
 * t - root (a pointer derived from root past a PHI is itself plus it), and
 * give t a pin, stored before seq's first statement. */
void translator::add_delta_and_pin (tree root, tree t, gimple_seq *seq)
{
  tree delta = difference (seq, t, root);
  delta_of.put (t, delta);
  if (pins)
    {
      pins->add_translation (root, t, gimple_seq_first_stmt (*seq));
      pins->add_derived (delta, t);
    }
}

/* Insert `translate (root)' before gsi, or at the end of the preheader of
 * the loop hoist_target picks; return the translated pointer. */
tree translator::translate_root (tree root, gimple_stmt_iterator *gsi)
{
  basic_block use = gsi_bb (*gsi);
  class loop *target = hoist_target (root, use);
  if (target)
    {
      auto it = in_preheader.find ({root, target->num});
      if (it != in_preheader.end ())
        return it->second;
    }

  /* The entry's type: ALASKA_ENTRY_SIZE bytes, in the alias set of
   * alaska_entry_type (), which no program store touches and which the
   * safepoints' epoch store clobbers. */
  static tree entry_t, entry_ptr_t;
  if (!entry_t)
    {
      entry_t = build_distinct_type_copy
                  (build_nonstandard_integer_type (ALASKA_ENTRY_SIZE * BITS_PER_UNIT, 1));
      TYPE_CANONICAL (entry_t) = entry_t;
      TYPE_NAME (entry_t) = NULL_TREE;
      TYPE_ALIAS_SET (entry_t) = get_alias_set (alaska_entry_type ());
      alaska_gc_keep (entry_t);
      entry_ptr_t = alaska_gc_keep (build_pointer_type (entry_t));
    }
  /* t = u + *(entry *) (ALASKA_TABLE_ORIGIN + (u >> 32) * 8) */
  gimple_seq seq = NULL;
  tree u64 = long_long_unsigned_type_node;
  tree u = emit (&seq, u64, NOP_EXPR, root);
  tree id = emit (&seq, u64, RSHIFT_EXPR, u, build_int_cst (integer_type_node, ALASKA_ID_SHIFT));
  tree scaled = emit (&seq, u64, MULT_EXPR, id, build_int_cst (u64, ALASKA_ENTRY_SIZE));
  tree ea = emit (&seq, u64, PLUS_EXPR, scaled, build_int_cst (u64, ALASKA_TABLE_ORIGIN));
  tree eptr = emit (&seq, entry_ptr_t, NOP_EXPR, ea);
  tree entry = make_ssa_name (entry_t);
  tree mem = build2 (MEM_REF, entry_t, eptr, build_int_cst (entry_ptr_t, 0));
  TREE_THIS_NOTRAP (mem) = 1;           /* the whole span is mapped */
  gassign *load = gimple_build_assign (entry, mem);
  gimple_seq_add_stmt_without_update (&seq, load);
  tree ew = emit (&seq, u64, NOP_EXPR, entry);
  tree sum = emit (&seq, u64, PLUS_EXPR, u, ew);
  tree t = emit (&seq, ptr_type_node, NOP_EXPR, sum);
  add_delta_and_pin (root, t, &seq);

  basic_block at;
  if (target)
    {
      at = loop_preheader_edge (target)->src;
      gimple_set_vuse (load, gimple_vop (fun));
      need_vops = true;
      gimple_stmt_iterator last = gsi_last_bb (at);
      if (!gsi_end_p (last) && is_ctrl_stmt (gsi_stmt (last)))
        gsi_insert_seq_before (&last, seq, GSI_SAME_STMT);
      else if (gsi_end_p (last))
        {
          gimple_stmt_iterator start = gsi_start_bb (at);
          gsi_insert_seq_before (&start, seq, GSI_SAME_STMT);
        }
      else
        gsi_insert_seq_after (&last, seq, GSI_NEW_STMT);
      in_preheader[{root, target->num}] = t;
    }
  else
    {
      at = use;
      gimple *stmt = gsi_end_p (*gsi) ? NULL : gsi_stmt (*gsi);
      if (stmt && gimple_vuse (stmt))
        gimple_set_vuse (load, gimple_vuse (stmt));
      else
        {
          gimple_set_vuse (load, gimple_vop (fun));
          need_vops = true;
        }
      gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
    }
  note_translation (root, t, at, target);
  return t;
}

/* Does p come from root through pointer arithmetic and conversions, and,
 * where offs is NULL, also field and element addresses (&q->f), with no
 * PHI and no integer arithmetic on the way?  offs receives the offsets
 * of the pointer arithmetic. */
static bool root_plus_offsets (tree p, tree root, vec<tree> *offs)
{
  for (int steps = 0; p != root; steps++)
    {
      if (TREE_CODE (p) != SSA_NAME || steps >= 8)
        return false;
      alaska_pointer_step s = alaska_step_back (SSA_NAME_DEF_STMT (p));
      if (!s.from || (s.address && offs))
        return false;
      if (s.offset && TREE_CODE (s.offset) == SSA_NAME
          && SSA_NAME_OCCURS_IN_ABNORMAL_PHI (s.offset))
        return false;
      if (s.offset && offs)
        offs->safe_push (s.offset);
      p = s.from;
    }
  return true;
}

/* p - root as a sizetype value, emitted before gsi, where p is root
 * plus offsets through pointer arithmetic and conversions (an element
 * address, a field address); else NULL_TREE (a pointer that went round
 * a PHI, or through integer arithmetic). */
static tree offset_from_root (tree p, tree root, gimple_stmt_iterator *gsi)
{
  auto_vec<tree, 4> offs;
  if (!root_plus_offsets (p, root, &offs))
    return NULL_TREE;
  gimple_seq seq = NULL;
  tree sum = size_zero_node;
  for (tree o : offs)
    sum = gimple_build (&seq, PLUS_EXPR, sizetype, sum, o);
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  return sum;
}

/* The translated form of pointer value p, valid at gsi. */
tree translator::translated (tree p, gimple_stmt_iterator *gsi)
{
  if (tree *have = avail.get (p))
    return *have;
  tree root = root_of (p);
  if (TREE_CODE (root) != SSA_NAME)
    return p;                   /* an address of a declaration: never a handle */
  if (raw_params.contains (root))
    return p;                   /* translated and pinned by every caller */
  tree t;
  if (tree *have = avail.get (root))
    t = *have;
  else if (libc_memory_p (root, 1))
    return p;                   /* errno's, ctype's tables */
  else
    {
      /* Scoped to the current block even when hoisted: another block of
       * the loop finds a hoisted translation in in_preheader. */
      t = translate_root (root, gsi);
      undo.push_back ({root, NULL_TREE});
      avail.put (root, t);
    }
  tree type = TREE_TYPE (p);
  tree result;
  if (p == root)
    result = useless_type_conversion_p (type, ptr_type_node)
             ? t : emit (gsi, type, NOP_EXPR, t);
  else
    {
      /* p' = t + (p - root), in integers, so p may be any 64-bit type:
       * t plus p's offsets where p is root plus offsets, and otherwise
       * (a pointer induction variable, a value through a PHI)
       * p + (t - root), which needs neither t nor root live here and
       * folds into the address as an index register. */
      tree off = offset_from_root (p, root, gsi);
      tree base = off ? t : p;
      if (dump_file)
        {
          fprintf (dump_file, "alaska: derive ");
          print_generic_expr (dump_file, p);
          fprintf (dump_file, " from ");
          print_generic_expr (dump_file, root);
          fprintf (dump_file, off ? " by its offsets\n" : " by the delta\n");
        }
      if (!off)
        {
          tree *delta = delta_of.get (t);
          gcc_checking_assert (delta);  /* every translation has one */
          off = *delta;
        }
      if (POINTER_TYPE_P (type))
        result = emit (gsi, type, POINTER_PLUS_EXPR,
                       useless_type_conversion_p (type, TREE_TYPE (base))
                       ? base : emit (gsi, type, NOP_EXPR, base), off);
      else
        result = emit (gsi, type, NOP_EXPR,
                       emit (gsi, sizetype, PLUS_EXPR,
                             emit (gsi, sizetype, NOP_EXPR, base), off));
    }
  if (pins && result != t)
    pins->add_derived (result, t);
  undo.push_back ({p, NULL_TREE});
  avail.put (p, result);
  return result;
}

/* *slot is the base operand of a MEM_REF/TARGET_MEM_REF. */
bool translator::rewrite_base (tree *slot, gimple_stmt_iterator *gsi)
{
  if (TREE_CODE (*slot) != SSA_NAME || !pointer_sized_p (*slot))
    return false;
  tree t = translated (*slot, gsi);
  if (t == *slot)
    return false;
  *slot = t;
  accesses++;
  return true;
}

bool translator::rewrite_ref (tree ref, gimple_stmt_iterator *gsi)
{
  if (!ref)
    return false;
  tree *base = &ref;
  while (handled_component_p (*base))
    base = &TREE_OPERAND (*base, 0);
  if (TREE_CODE (*base) == MEM_REF || TREE_CODE (*base) == TARGET_MEM_REF)
    return rewrite_base (&TREE_OPERAND (*base, 0), gsi);
  return false;
}

/* *slot is a pointer argument of a call leaving instrumented code.  It
 * may be null where it was derived from a root through a PHI that also
 * takes null (`bindaddr = NULL' for "*"); translate (root) + (p - root)
 * would then not be null, so p's null is kept. */
bool translator::rewrite_pointer (tree *slot, gimple_stmt_iterator *gsi, bool any_type)
{
  tree p = *slot;
  if (TREE_CODE (p) != SSA_NAME || !(any_type ? pointer_sized_p (p) : POINTER_TYPE_P (TREE_TYPE (p))))
    return false;
  tree t = translated (p, gsi);
  if (t == p)
    return false;
  /* Where p is its root plus offsets, p is null only where the root is,
   * and so is the translation. */
  tree r = root_of (p);
  if (r != p && !root_plus_offsets (p, r, NULL))
    {
      tree nonnull = emit (gsi, boolean_type_node, NE_EXPR, p,
                           build_zero_cst (TREE_TYPE (p)));
      tree derived = t;
      t = emit (gsi, TREE_TYPE (p), COND_EXPR, nonnull, t, build_zero_cst (TREE_TYPE (p)));
      /* The pin lasts as long as the selected pointer: the call. */
      if (pins)
        pins->add_derived (t, derived);
    }
  *slot = t;
  return true;
}

edge translator::before_dom_children (basic_block bb)
{
  undo.push_back ({NULL_TREE, NULL_TREE});      /* block marker */
  start_carried (bb);
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); )
    {
      gimple *stmt = gsi_stmt (gsi);
      gimple_stmt_iterator next = gsi;
      gsi_next (&next);
      unsigned rewrites = accesses + escapes + raw_args + marshalled;
      if (gassign *a = dyn_cast<gassign *> (stmt))
        {
          bool changed = false;
          if (gimple_assign_single_p (a) && gimple_assign_rhs_code (a) != ADDR_EXPR)
            changed |= rewrite_ref (gimple_assign_rhs1 (a), &gsi);
          changed |= rewrite_ref (gimple_assign_lhs (a), &gsi);
          if (changed)
            update_stmt (a);
        }
      else if (gcall *call = dyn_cast<gcall *> (stmt))
        {
          process_call (call, &gsi);
        }
      else if (gasm *as = dyn_cast<gasm *> (stmt))
        process_asm (as, &gsi);
      if (dump_file && (dump_flags & TDF_DETAILS)
          && accesses + escapes + raw_args + marshalled != rewrites)
        {
          fprintf (dump_file, "alaska: rewritten in bb %d: ", bb->index);
          print_gimple_stmt (dump_file, stmt, 0, TDF_SLIM);
        }
      gsi = next;
    }
  feed_carried (bb);
  return NULL;
}

void translator::after_dom_children (basic_block)
{
  while (!undo.empty ())
    {
      std::pair<tree, tree> e = undo.back ();
      undo.pop_back ();
      if (!e.first)
        break;
      avail.remove (e.first);
    }
}

/* The counts of the function's dump summary, for -fdump-statistics. */
static void record_statistics (function *fun, const translator &tr, const pin_set_builder &pins,
                               unsigned slots, const alaska_safepoint_counts &sp)
{
  const std::pair<const char *, unsigned> counts[] = {
    { "alaska translations", tr.translations },
    { "alaska translations in loops", tr.in_loops },
    { "alaska translations hoisted", tr.hoisted },
    { "alaska accesses rewritten", tr.accesses },
    { "alaska escaping arguments", tr.escapes },
    { "alaska carried PHIs", tr.carried_phis },
    { "alaska arguments translated for static callees", tr.raw_args },
    { "alaska pointer slots marshalled", tr.marshalled },
    { "alaska pin slots", slots },
    { "alaska pin stores", pins.stored },
    { "alaska pin stores elided", pins.elided },
    { "alaska pins in place", pins.in_place },
    { "alaska safepoints", sp.entry + sp.latch + sp.call },
  };
  for (auto &c : counts)
    if (c.second)
      statistics_counter_event (fun, c.first, c.second);
}

static unsigned instrument_function (function *fun, const char *where, bool hoist)
{
  if (!instrumented_fns.insert (DECL_UID (fun->decl)).second)
    return 0;
  init_types ();
  calculate_dominance_info (CDI_DOMINATORS);
  pin_set_builder pins (fun);
  translator tr (fun, hoist && !alaska_opts.no_hoist,
                 alaska_opts.no_track ? NULL : &pins);
  unsigned raw = alaska_decide_raw_params (fun);
  unsigned i = 0;
  for (tree parm = DECL_ARGUMENTS (fun->decl); parm; parm = DECL_CHAIN (parm), i++)
    if (alaska_raw_param_p (raw, i))
      {
        tr.raw_params.add (ssa_default_def (fun, parm));
        if (dump_file)
          fprintf (dump_file, "alaska: parameter %s arrives translated\n",
                   DECL_NAME (parm) ? IDENTIFIER_POINTER (DECL_NAME (parm)) : "?");
      }
  tr.choose_carried ();
  tr.walk (ENTRY_BLOCK_PTR_FOR_FN (fun));
  unsigned slots = 0, cleared = 0;
  alaska_safepoint_counts sp = { 0, 0, 0, NULL };
  if (!alaska_opts.no_track)
    {
      slots = pins.finish ([&tr] (tree p) { return tr.root_of (p); });
      sp = alaska_insert_safepoints (fun, pins.pin_array, slots);
      cleared = pins.clear_unstored (slots, sp.entry_stmt);
      free_dominance_info (CDI_DOMINATORS);
    }
  else
    {
      free_dominance_info (CDI_DOMINATORS);
      alaska_insert_function_note (fun);
    }
  bool vops = tr.need_vops || slots || sp.entry || alaska_opts.no_track;
  if (vops)
    mark_virtual_operands_for_renaming (fun);
  record_statistics (fun, tr, pins, slots, sp);
  if (dump_file)
    {
      fprintf (dump_file, "alaska: %s: %u translations (%u in loops, %u hoisted), "
               "%u accesses rewritten, %u escaping arguments (at %s)\n",
               function_name (fun), tr.translations, tr.in_loops, tr.hoisted,
               tr.accesses, tr.escapes, where);
      if (tr.carried_phis)
        fprintf (dump_file, "alaska: %u carried PHIs\n", tr.carried_phis);
      if (tr.raw_args)
        fprintf (dump_file, "alaska: %u arguments translated for static callees\n",
                 tr.raw_args);
      if (tr.marshalled)
        fprintf (dump_file, "alaska: %u pointer slots marshalled\n", tr.marshalled);
      if (!alaska_opts.no_track)
        fprintf (dump_file, "alaska: pin set of %u slots\n"
                 "alaska: pin slots cleared at entry: %u\n"
                 "alaska: pin stores: %u, elided: %u\n"
                 "alaska: pins in place: %u, stored on edges: %u\n"
                 "alaska: safepoints: %u entry, %u latch, %u call\n",
                 slots, cleared, pins.stored, pins.elided, pins.in_place, pins.edge_stores,
                 sp.entry, sp.latch, sp.call);
    }
  if (alaska_opts.verbose)
    inform (DECL_SOURCE_LOCATION (fun->decl),
            "alaska: %u translations inserted in %qD", tr.translations, fun->decl);
  return vops ? TODO_update_ssa_only_virtuals : 0;
}

bool alaska_function_instrumented (function *fun)
{
  return instrumented_fns.count (DECL_UID (fun->decl));
}

namespace {

const pass_data pass_data_translate = {
  GIMPLE_PASS, "alaska", OPTGROUP_NONE, TV_NONE,
  PROP_cfg | PROP_ssa, 0, 0, 0, 0
};

class pass_translate : public gimple_opt_pass
{
public:
  pass_translate (gcc::context *ctxt, enum alaska_placement where)
    : gimple_opt_pass (pass_data_translate, ctxt), where (where) {}
  bool gate (function *fun) final override
  {
    if (alaska_function_instrumented (fun))
      return false;
    if (where == ALASKA_IN_LOOP_PIPELINE)
      return loops_state_satisfies_p (fun, LOOPS_NORMAL);
    return true;
  }
  unsigned execute (function *fun) final override
  {
    static const char *names[] = { "loop pipeline", "no-loop pipeline", "late fallback" };
    unsigned todo = instrument_function (fun, names[where],
                                         where == ALASKA_IN_LOOP_PIPELINE);
    if (where == ALASKA_IN_LOOP_PIPELINE)
      {
        /* A translation inside a loop may serve accesses after it. */
        if (loops_state_satisfies_p (fun, LOOP_CLOSED_SSA))
          {
            rewrite_into_loop_closed_ssa (NULL, todo);
            todo = 0;
          }
        scev_reset ();
      }
    return todo;
  }
private:
  enum alaska_placement where;
};

} // namespace

opt_pass *make_pass_alaska_translate (gcc::context *ctxt, enum alaska_placement where)
{
  return new pass_translate (ctxt, where);
}
