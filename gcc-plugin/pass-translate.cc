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
 * Carried PHIs: a PHI that merges pointers of different roots (a cursor
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
 * nothing is computed on each pass (speedtest1: 6% fewer instructions
 * in sqlite3VdbeExec; Lua's tables.lua: 4.7% fewer in all).  The
 * cursor of a computed-goto interpreter, a PHI of the block that
 * dispatches whose names meet abnormal edges, is carried too: the PHI
 * itself is used only where it is defined.  A PHI whose arguments have
 * the same roots as an earlier PHI's of its block, edge by edge, is
 * derived from that one (sibling_root).
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
#include "gcc-common.h"
#include "domwalk.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"
#include "pin-sets.h"
#include "marshal.h"

#include <map>
#include <vector>

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

static bool pointer_sized_p (tree t)
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
  void start_carried (basic_block bb);
  void feed_carried (basic_block bb);
  tree delta_at_edge (tree p, tree t, gimple_stmt_iterator *gsi, const char **how);
};

/* ---- roots ------------------------------------------------------------- */

/* The operand of an integer PLUS/MINUS that carries the pointer, if any. */
static tree pointer_operand (gimple *def);

/* The root of p; where that is a PHI, the first earlier PHI of its block
 * whose arguments have the same roots as its own, edge by edge, if any:
 * the two then point into one object, at some distance (Lua's `ra', a
 * register in the frame `base' points into, both set anew by each
 * operation).  `busy' holds the PHIs being compared. */
tree translator::sibling_root (tree p, hash_set<tree> &busy)
{
  hash_map<tree, int> open;
  int low = INT_MAX;
  p = root_1 (p, open, low);
  gphi *phi = p && TREE_CODE (p) == SSA_NAME ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (p)) : NULL;
  if (!phi)
    return p;
  if (tree *known = sibling_cache.get (p))
    return *known;
  if (busy.add (p))
    return p;
  tree found = p;
  for (gphi_iterator gpi = gsi_start_phis (gimple_bb (phi));
       found == p && gpi.phi () != phi; gsi_next (&gpi))
    {
      tree q = gimple_phi_result (gpi.phi ());
      if (virtual_operand_p (q) || !pointer_sized_p (q) || busy.contains (q)
          || sibling_root (q, busy) != q)
        continue;
      bool same = true;
      for (unsigned i = 0; i < gimple_phi_num_args (phi) && same; i++)
        {
          tree a = sibling_root (gimple_phi_arg_def (phi, i), busy);
          tree b = sibling_root (gimple_phi_arg_def (gpi.phi (), i), busy);
          same = a && b && operand_equal_p (a, b, 0);
        }
      if (same)
        found = q;
    }
  /* Kept even where a PHI being compared was passed over: each answer
   * found holds, though a later question might have found more. */
  busy.remove (p);
  sibling_cache.put (p, found);
  return found;
}

tree translator::root_of (tree p)
{
  hash_set<tree> busy;
  tree r = sibling_root (p, busy);
  if (!r)
    return p;
  /* A root that flows through an abnormal PHI shares one variable with
   * the PHI's other names, and translating it where p is used could make
   * two of them live at once.  A carried one is translated where it is
   * defined (its twin); any other leaves p to be translated itself. */
  if (r != p && TREE_CODE (r) == SSA_NAME && SSA_NAME_OCCURS_IN_ABNORMAL_PHI (r)
      && !(choosing ? carry_candidate_p (r) : carried.get (r) != NULL))
    return p;
  return r;
}

/* Does a value flow through abnormal PHIs only at computed gotos?  Then
 * roots are followed through them as through any PHI.  After setjmp or
 * a nonlocal goto, a value can come back to a point whose pins and
 * deltas were made for another. */
bool alaska_abnormal_only_goto_p (function *fun)
{
  return !fun->calls_setjmp && !fun->has_nonlocal_label;
}

/* May PHI phi take root r: does r's definition strictly dominate phi's
 * block?  Then r is not defined again between the edge that set phi and
 * any use of phi.  Not so for null arguments skipped on the way (a loop's
 * cursor that starts as null), nor for a PHI of the same block: through a
 * back edge it hands over the previous iteration's value (`prev = he'
 * walking a list), while r already holds the next one. */
static bool root_available_at (tree r, gphi *phi)
{
  if (TREE_CODE (r) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF (r))
    return true;
  basic_block def_bb = gimple_bb (SSA_NAME_DEF_STMT (r)), bb = gimple_bb (phi);
  return def_bb != bb && dominated_by_p (CDI_DOMINATORS, bb, def_bb);
}

/* Follow p back to its root.  A PHI whose incoming values (other than
 * null constants and values flowing around a cycle back into a PHI being
 * resolved) all share one root has that root; otherwise it is a root.
 * `open' maps the PHIs being resolved to their depth; `low' receives the
 * shallowest open PHI a cycle reached.  A result that depends on an open
 * PHI above p is provisional and is not cached.  NULL_TREE: only a cycle. */
tree translator::root_1 (tree p, hash_map<tree, int> &open, int &low)
{
  if (TREE_CODE (p) != SSA_NAME)
    return p;
  if (tree *cached = root_cache.get (p))
    return *cached;
  if (SSA_NAME_OCCURS_IN_ABNORMAL_PHI (p) && !alaska_abnormal_only_goto_p (fun))
    return p;
  if (int *depth = open.get (p))
    {
      low = MIN (low, *depth);
      return NULL_TREE;
    }

  tree result = p;
  int my_low = INT_MAX;
  gimple *def = SSA_NAME_DEF_STMT (p);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      int depth = open.elements ();
      open.put (p, depth);
      tree common = NULL_TREE;
      bool mixed = false;
      for (unsigned i = 0; i < gimple_phi_num_args (phi) && !mixed; i++)
        {
          tree arg = gimple_phi_arg_def (phi, i);
          if (TREE_CODE (arg) == INTEGER_CST && integer_zerop (arg))
            continue;
          tree r = root_1 (arg, open, my_low);
          if (!r)
            continue;
          if (!common)
            common = r;
          else if (!operand_equal_p (common, r, 0))
            mixed = true;
        }
      open.remove (p);
      if (common && !mixed && root_available_at (common, phi))
        result = common;
      if (my_low >= depth)
        my_low = INT_MAX;       /* cycles only through this PHI: final */
    }
  else if (gassign *a = dyn_cast<gassign *> (def))
    {
      enum tree_code code = gimple_assign_rhs_code (a);
      tree rhs1 = gimple_assign_rhs1 (a);
      tree next = NULL_TREE;
      if (code == POINTER_PLUS_EXPR || code == SSA_NAME)
        next = rhs1;
      else if (CONVERT_EXPR_CODE_P (code) && pointer_sized_p (rhs1))
        next = rhs1;
      else if (code == VIEW_CONVERT_EXPR && pointer_sized_p (TREE_OPERAND (rhs1, 0)))
        next = TREE_OPERAND (rhs1, 0);
      else if (code == ADDR_EXPR)
        {
          /* &MEM[q + c].field: derived from q. */
          tree base = get_base_address (TREE_OPERAND (rhs1, 0));
          if (base && (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF))
            next = TREE_OPERAND (base, 0);
          else
            next = rhs1;        /* the address of a declaration */
        }
      else if ((code == PLUS_EXPR || code == MINUS_EXPR)
               && pointer_sized_p (gimple_assign_lhs (a)))
        next = pointer_operand (a);
      else if (code == BIT_AND_EXPR && TREE_CODE (gimple_assign_rhs2 (a)) == INTEGER_CST
               && pointer_sized_p (gimple_assign_lhs (a)))
        next = rhs1;            /* aligning down within the object */
      if (next && TREE_CODE (next) == SSA_NAME && pointer_sized_p (next))
        {
          tree r = root_1 (next, open, my_low);
          if (!r)
            {
              low = MIN (low, my_low);
              return NULL_TREE; /* only reached around a cycle */
            }
          result = r;
        }
      else if (next && TREE_CODE (next) == ADDR_EXPR)
        result = next;
    }

  low = MIN (low, my_low);
  if (my_low == INT_MAX)
    root_cache.put (p, result);
  return result;
}

/* Does t (an SSA name) carry a pointer: defined by a conversion from a
 * pointer, or by pointer arithmetic? */
static bool carries_pointer (tree t)
{
  if (TREE_CODE (t) != SSA_NAME)
    return false;
  if (POINTER_TYPE_P (TREE_TYPE (t)))
    return true;
  gassign *a = dyn_cast<gassign *> (SSA_NAME_DEF_STMT (t));
  if (!a)
    return false;
  enum tree_code code = gimple_assign_rhs_code (a);
  if (CONVERT_EXPR_CODE_P (code))
    return POINTER_TYPE_P (TREE_TYPE (gimple_assign_rhs1 (a)));
  if (code == PLUS_EXPR || code == MINUS_EXPR || code == BIT_AND_EXPR)
    return carries_pointer (gimple_assign_rhs1 (a))
           || (code == PLUS_EXPR && carries_pointer (gimple_assign_rhs2 (a)));
  return false;
}

static tree pointer_operand (gimple *def)
{
  tree a = gimple_assign_rhs1 (def), b = gimple_assign_rhs2 (def);
  bool pa = carries_pointer (a), pb = carries_pointer (b);
  if (gimple_assign_rhs_code (def) == MINUS_EXPR)
    return pa && !pb ? a : NULL_TREE;
  if (pa && !pb)
    return a;
  if (pb && !pa)
    return b;
  return NULL_TREE;
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
      gassign *a = TREE_CODE (p) == SSA_NAME && steps < 8
                   ? dyn_cast<gassign *> (SSA_NAME_DEF_STMT (p)) : NULL;
      if (!a)
        return false;
      enum tree_code code = gimple_assign_rhs_code (a);
      tree rhs1 = gimple_assign_rhs1 (a);
      if (code == POINTER_PLUS_EXPR)
        {
          tree o = gimple_assign_rhs2 (a);
          if (TREE_CODE (o) == SSA_NAME && SSA_NAME_OCCURS_IN_ABNORMAL_PHI (o))
            return false;
          if (offs)
            offs->safe_push (o);
        }
      else if (code == ADDR_EXPR && !offs)
        {
          tree base = get_base_address (TREE_OPERAND (rhs1, 0));
          if (!base || TREE_CODE (base) != MEM_REF)
            return false;
          rhs1 = TREE_OPERAND (base, 0);
        }
      else if (!(code == SSA_NAME || (CONVERT_EXPR_CODE_P (code) && pointer_sized_p (rhs1))))
        return false;
      p = rhs1;
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

/* Does root point into the C library's own memory (libc-model.h): the
 * result of a function such as __errno_location, or, `level' 2 of it,
 * a pointer loaded from where __ctype_b_loc's result points; or a PHI
 * of such (isalpha's and isdigit's table pointers merged)? */
bool translator::libc_memory_p (tree root, int level, int depth)
{
  gimple *def = SSA_NAME_DEF_STMT (root);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      if (depth > 4)
        return false;
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
        {
          tree arg = gimple_phi_arg_def (phi, i);
          if (TREE_CODE (arg) != SSA_NAME || !libc_memory_p (root_of (arg), level, depth + 1))
            return false;
        }
      return true;
    }
  if (gcall *call = dyn_cast<gcall *> (def))
    return alaska_classify_call (call) == CALLEE_EXTERNAL
           && alaska_libc_memory_levels (alaska_callee_name (call)) >= level;
  if (level > 1 || !gimple_assign_load_p (def))
    return false;
  tree base = get_base_address (gimple_assign_rhs1 (def));
  if (!base || TREE_CODE (base) != MEM_REF || TREE_CODE (TREE_OPERAND (base, 0)) != SSA_NAME)
    return false;
  tree from = root_of (TREE_OPERAND (base, 0));
  return TREE_CODE (from) == SSA_NAME && libc_memory_p (from, 2, depth + 1);
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
        off = *delta_of.get (t);
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

/* After `raw = f (..., translate (handle), ...)' where the result points
 * into that argument: make the call's result handle + (raw - translated). */
void translator::fix_result (gcall *call, tree handle, tree targ, gimple_stmt_iterator *gsi)
{
  tree lhs = gimple_call_lhs (call);
  if (!lhs || TREE_CODE (lhs) != SSA_NAME || stmt_ends_bb_p (call) || handle == targ)
    return;
  tree type = TREE_TYPE (lhs);
  tree raw = make_ssa_name (type);
  gimple_call_set_lhs (call, raw);
  gimple_stmt_iterator after = *gsi;
  gsi_next (&after);
  gimple_seq seq = NULL;
  tree u64 = long_long_unsigned_type_node;
  tree r = gimple_convert (&seq, u64, raw);
  tree diff = gimple_build (&seq, MINUS_EXPR, u64, r, gimple_convert (&seq, u64, targ));
  tree h = gimple_build (&seq, PLUS_EXPR, u64, gimple_convert (&seq, u64, handle), diff);
  tree nonnull = gimple_build (&seq, NE_EXPR, boolean_type_node, r, build_zero_cst (u64));
  tree sel = gimple_build (&seq, COND_EXPR, u64, nonnull, h, r);
  gassign *fin = gimple_build_assign (lhs, NOP_EXPR, sel);
  gimple_seq_add_stmt (&seq, fin);
  if (gsi_end_p (after))
    gsi_insert_seq_after (gsi, seq, GSI_NEW_STMT);
  else
    gsi_insert_seq_before (&after, seq, GSI_SAME_STMT);
  /* Leave gsi on the call; the walk skips the statements just added by
   * moving past them. */
}

/* Internal functions that GCC makes of __atomic builtins (fold of
 * __atomic_compare_exchange, bit tests, fetch-and-compare with 0): their
 * first argument is the address they access. */
static bool atomic_ifn_p (internal_fn ifn)
{
  switch (ifn)
    {
    case IFN_ATOMIC_COMPARE_EXCHANGE:
    case IFN_ATOMIC_BIT_TEST_AND_SET:
    case IFN_ATOMIC_BIT_TEST_AND_COMPLEMENT:
    case IFN_ATOMIC_BIT_TEST_AND_RESET:
    case IFN_ATOMIC_ADD_FETCH_CMP_0:
    case IFN_ATOMIC_SUB_FETCH_CMP_0:
    case IFN_ATOMIC_AND_FETCH_CMP_0:
    case IFN_ATOMIC_OR_FETCH_CMP_0:
    case IFN_ATOMIC_XOR_FETCH_CMP_0:
      return true;
    default:
      return false;
    }
}

/* Another library may keep what it is given: pin h's object for good
 * (ALASKA_KEEP_FN) before the call. */
void translator::keep (tree h, const char *callee, gimple_stmt_iterator *gsi)
{
  gsi_insert_before (gsi, gimple_build_call (alaska_runtime_fn (ALASKA_KEEP_FN, true), 1, h),
                     GSI_SAME_STMT);
  need_vops = true;             /* the call reads and writes memory */
  if (dump_file)
    {
      fprintf (dump_file, "alaska: keep ");
      print_generic_expr (dump_file, h);
      fprintf (dump_file, " for %s\n", callee ? callee : "?");
    }
}

/* A transparent union passed by value (glibc's __SOCKADDR_ARG for bind,
 * connect, accept, ...) carries a pointer in its first member: pass a copy
 * whose member is translated. */
bool translator::rewrite_transparent_union (tree *slot, gimple_stmt_iterator *gsi)
{
  tree type = TREE_TYPE (*slot);
  if (TREE_CODE (type) != UNION_TYPE || !TYPE_TRANSPARENT_AGGR (type))
    return false;
  tree field = TYPE_FIELDS (type);
  while (field && TREE_CODE (field) != FIELD_DECL)
    field = DECL_CHAIN (field);
  if (!field || !POINTER_TYPE_P (TREE_TYPE (field)))
    return false;
  tree ptr = make_ssa_name (TREE_TYPE (field));
  gsi_insert_before (gsi, gimple_build_assign (ptr, build3 (COMPONENT_REF, TREE_TYPE (field),
                                                            unshare_expr (*slot), field,
                                                            NULL_TREE)),
                     GSI_SAME_STMT);
  tree p = ptr;
  if (!rewrite_pointer (&p, gsi))
    return false;
  if (pins && TREE_CODE (p) == SSA_NAME)
    pins->add_use_through_memory (p, gsi_stmt (*gsi));
  tree copy = create_tmp_var (type, "alaska_union");
  need_vops = true;             /* the member's load and the copy's store */
  gsi_insert_before (gsi, gimple_build_assign (build3 (COMPONENT_REF, TREE_TYPE (field), copy,
                                                       field, NULL_TREE), p),
                     GSI_SAME_STMT);
  *slot = copy;
  return true;
}

void translator::process_call (gcall *call, gimple_stmt_iterator *gsi)
{
  bool changed = rewrite_ref (gimple_call_lhs (call), gsi);
  enum alaska_callee kind = alaska_classify_call (call);
  unsigned n = gimple_call_num_args (call);

  if (kind == CALLEE_INTERNAL)
    {
      internal_fn ifn = gimple_call_internal_fn (call);
      if ((internal_load_fn_p (ifn) || internal_store_fn_p (ifn) || atomic_ifn_p (ifn)) && n > 0)
        {
          tree *slot = gimple_call_arg_ptr (call, 0);
          if (TREE_CODE (*slot) == SSA_NAME)
            changed |= rewrite_base (slot, gsi);
          else
            changed |= rewrite_ref (*slot, gsi);
        }
      for (unsigned i = 0; i < n; i++)
        changed |= rewrite_ref (gimple_call_arg (call, i), gsi);
      if (changed)
        update_stmt (call);
      return;
    }

  /* Aggregates passed by value are read from memory. */
  for (unsigned i = 0; i < n; i++)
    changed |= rewrite_ref (gimple_call_arg (call, i), gsi);

  if (kind == CALLEE_EXTERNAL)
    {
      const char *name = alaska_callee_name (call);
      int into = name ? alaska_result_points_into_arg (name) : -1;
      bool foreign = alaska_foreign_callee (call);
      unsigned HOST_WIDE_INT handles = alaska_handle_args (call);
      tree handle = NULL_TREE, targ = NULL_TREE;
      std::vector<std::pair<tree, tree>> objects;       /* for marshal.cc */
      for (unsigned i = 0; i < n; i++)
        {
          tree *slot = gimple_call_arg_ptr (call, i);
          if (i < HOST_BITS_PER_WIDE_INT && (handles >> i & 1))
            continue;
          if (rewrite_transparent_union (slot, gsi))
            {
              changed = true;
              escapes++;
              continue;
            }
          tree before = *slot;
          if (rewrite_pointer (slot, gsi))
            {
              changed = true;
              escapes++;
              objects.push_back ({before, *slot});
              if ((int) i == into)
                handle = before, targ = *slot;
              if (foreign || (name && alaska_libc_keeps_arg (name, i)))
                keep (before, name, gsi);
            }
        }
      if (changed)
        update_stmt (call);
      if (changed && pins)
        pins->add_escape_call (call);
      unsigned slots;
      if (alaska_marshal_call (call, gsi, pins, objects, &slots))
        {
          marshalled += slots;
          need_vops = true;
        }
      if (handle)
        fix_result (call, handle, targ, gsi);
      return;
    }
  if (kind == CALLEE_INSTRUMENTED)
    {
      tree fndecl = gimple_call_fndecl (call);
      if (!fndecl && alaska_guard_indirect_call (call, gsi))
        need_vops = true;
      if (fndecl && alaska_assumed_instrumented (fndecl))
        alaska_note_assumed (fndecl, call);
      /* A static callee that takes these arguments translated (raw-params.cc):
       * translate and pin them here, for the whole call. */
      unsigned raw = fndecl ? alaska_raw_params_of (fndecl) : 0;
      bool passed = false;
      for (unsigned i = 0; i < n && i < 32; i++)
        if ((raw >> i & 1) && rewrite_pointer (gimple_call_arg_ptr (call, i), gsi, true))
          {
            passed = true;
            raw_args++;
          }
      changed |= passed;
      if (passed && pins)
        pins->add_escape_call (call);
    }
  if (changed)
    update_stmt (call);
}

void translator::process_asm (gasm *stmt, gimple_stmt_iterator *gsi)
{
  bool changed = false;
  for (unsigned i = 0; i < gimple_asm_noutputs (stmt); i++)
    changed |= rewrite_ref (TREE_VALUE (gimple_asm_output_op (stmt, i)), gsi);
  for (unsigned i = 0; i < gimple_asm_ninputs (stmt); i++)
    {
      tree op = gimple_asm_input_op (stmt, i);
      changed |= rewrite_ref (TREE_VALUE (op), gsi);
      /* A pointer in a register operand is the asm's to dereference
       * (memcached's crc32q (%1)): it gets the translated address.  No
       * barrier can stop the thread inside the asm, so the translation's
       * own pin covers it. */
      const char *constraint = TREE_STRING_POINTER (TREE_VALUE (TREE_PURPOSE (op)));
      if (!strpbrk (constraint, "mo") && !strchr (constraint, 'p')
          && !ISDIGIT (*constraint)
          && rewrite_pointer (&TREE_VALUE (op), gsi))
        {
          changed = true;
          escapes++;
        }
    }
  if (changed)
    update_stmt (stmt);
}

/* ---- carried PHIs ------------------------------------------------------ */

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
  std::vector<std::pair<tree, basic_block>> bases;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      walk_stmt_load_store_ops (gsi_stmt (gsi), &bases, note_base, note_base);
  std::map<tree, std::set<basic_block>> uses;
  for (auto &b : bases)
    {
      tree r = root_of (b.first);
      if (carry_candidate_p (r))
        uses[r].insert (b.second);
    }
  auto freq = [] (basic_block b) { return (int64_t) b->count.to_frequency (cfun); };
  auto args_of = [] (tree p) { return as_a<gphi *> (SSA_NAME_DEF_STMT (p)); };

  /* Candidates: the roots of accesses, and the roots of their arguments. */
  hash_set<tree> chosen, self;
  auto_vec<tree> work;
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
            runs += freq (b);
        }
      if (2 * runs >= freq (gimple_bb (args_of (u.first))))
        self.add (u.first);
    }
  for (unsigned i = 0; i < work.length (); i++)
    for (unsigned j = 0; j < gimple_phi_num_args (args_of (work[i])); j++)
      {
        tree r = root_of (gimple_phi_arg_def (args_of (work[i]), j));
        if (!chosen.contains (r) && carry_candidate_p (r))
          chosen.add (r), work.safe_push (r);
      }

  for (bool changed = true; changed; )
    {
      changed = false;
      /* Wanted: reached from a PHI wanted for itself. */
      hash_set<tree> wanted;
      auto_vec<tree> stack;
      for (tree p : work)
        if (chosen.contains (p) && self.contains (p))
          wanted.add (p), stack.safe_push (p);
      while (!stack.is_empty ())
        {
          gphi *phi = args_of (stack.pop ());
          std::map<tree, int64_t> flow;
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
                    || 2 * x.second >= freq (gimple_bb (args_of (x.first)))))
              wanted.add (x.first), stack.safe_push (x.first);
        }
      for (tree p : work)
        {
          if (!chosen.contains (p))
            continue;
          gphi *phi = args_of (p);
          int64_t all = 0, cheap = 0;
          bool any = false;
          for (unsigned j = 0; j < gimple_phi_num_args (phi); j++)
            {
              edge e = gimple_phi_arg_edge (phi, j);
              all += EDGE_FREQUENCY (e);
              if (cheap_arg_p (gimple_phi_arg_def (phi, j), e, chosen))
                cheap += EDGE_FREQUENCY (e), any = true;
            }
          if (!wanted.contains (p) || !any || 3 * cheap < all)
            {
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
        }
    }

  choosing = false;
  for (tree p : work)
    if (chosen.contains (p))
      {
        /* Null until the walk feeds each edge (an unreachable source
         * keeps it). */
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
      tree d = gimple_phi_result (*carried_delta.get (p));
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
        gphi *dphi = *carried_delta.get (gimple_phi_result (gpi.phi ()));
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

edge translator::before_dom_children (basic_block bb)
{
  undo.push_back ({NULL_TREE, NULL_TREE});      /* block marker */
  start_carried (bb);
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); )
    {
      gimple *stmt = gsi_stmt (gsi);
      gimple_stmt_iterator next = gsi;
      gsi_next (&next);
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
    if (i < 32 && (raw >> i & 1))
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
  bool vops = tr.need_vops || slots || sp.entry;
  if (vops)
    mark_virtual_operands_for_renaming (fun);
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
