/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pin-sets.cc: each instrumented function's pin set.
 *
 * A translated pointer is valid only while its object cannot move, so
 * before a handle is translated it is stored in a slot of an array on the
 * function's own stack, `__alaska_pins'.  During a barrier the runtime
 * reads every frame's array and moves nothing named there.  No atomics and
 * no registration: the stores are plain, and only a stopped thread's stack
 * is read.
 *
 * Slots are shared: a translation's pin lasts while the translated value
 * or any pointer derived from it is live, and two translations whose live
 * ranges overlap get different slots.  A live range is kept per block as
 * one interval of statement positions (the hull, which can only
 * over-approximate).  Greedy colouring in order of appearance gives each
 * translation the lowest slot its already coloured neighbours leave free;
 * the array has as many slots as the colouring uses.  A handle passed to
 * uninstrumented code is translated for the call, so its pin covers the
 * call; also where the translation reaches the call through memory (the
 * copy of a transparent union, add_use_through_memory).
 *
 * Pin elision (-fplugin-arg-alaska-all-pins turns it off).  A pin is
 * read only where the thread can stop: at a safepoint, or in a call (a
 * callee's safepoint, uninstrumented code the thread is signalled in,
 * libalaska).  A translation whose live range holds no such point -- no
 * call, no asm, no back edge (a latch safepoint), and nothing that
 * expansion may turn into a call (block moves, libgcc arithmetic, dynamic
 * TLS; a copy is such only for a block of BLKmode, copy_libcall_type_p)
 * -- gets no pin and no slot: `q->next' in a list walk is translated,
 * used and dead before the latch.  A thread stopped by a signal inside instrumented
 * code runs on to a safepoint, and a barrier that finds an instrumented
 * frame interrupted elsewhere (by the program's own signal handler) moves
 * nothing (barrier.c).
 *
 * Pins in place.  A translation's store is left out where its slot holds
 * a handle of the same object already: the slot's last store on every
 * path to it was of the same root (a forward dataflow over the planned
 * stores, where a root's definition forgets the slots that held its
 * previous value).  For a PHI's pin at the top of its block (a carried
 * PHI) it is enough that on each edge the slot holds the root of the
 * edge's argument: the store at a loop's header goes where the latch
 * stored the cursor it advances.  Edges that lack it, rarer than the
 * block by at least half, get the store instead, if no pin in that slot
 * is live across them (the header's store moves to the preheader).  Not
 * in functions that call setjmp or have nonlocal labels.
 *
 * Clearing (clear_unstored): a slot that some stop point may find never
 * stored is zeroed before the entry safepoint, so that the barrier never
 * reads what the stack held before the call; at the entry safepoint
 * itself the runtime reads no slot.
 *
 * The array must stay in memory with its stores intact: an empty
 * `asm volatile ("" :: "m" (__alaska_pins))' at function entry and before
 * every call reads it, so no store that a barrier in a callee could
 * observe is dead.  (Safepoints read it too.)
 */
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "pin-sets.h"

pin_set_builder::pin_set_builder (function *fun) : fun (fun) {}

pin_set_builder::~pin_set_builder () {}

void pin_set_builder::add_translation (tree root, tree value, gimple *first)
{
  gcc_checking_assert (!owner.get (value));
  translations.push_back ({root, first, {value}, {}, false});
  owner.put (value, translations.size () - 1);
}

void pin_set_builder::add_derived (tree derived, tree from)
{
  if (unsigned *i = owner.get (from))
    {
      unsigned idx = *i;
      translations[idx].values.push_back (derived);
      owner.put (derived, idx);
    }
}

/* Statement positions (gimple uids) within a block; a PHI is at 0. */
static unsigned pos (gimple *stmt)
{
  return gimple_code (stmt) == GIMPLE_PHI ? 0 : gimple_uid (stmt);
}

static const unsigned END = UINT_MAX;

/* Add [from, to] in block bb to a live range (the hull of what is there). */
static void extend (live_range &r, int bb, unsigned from, unsigned to)
{
  auto it = r.find (bb);
  if (it == r.end ())
    r[bb] = { from, to };
  else
    {
      it->second.first = MIN (it->second.first, from);
      it->second.second = MAX (it->second.second, to);
    }
}

/* Add to r where ssa name n is live: from its definition to each use (a
 * PHI use counts at the end of its edge's source block), and to `also'
 * if given (a use through memory). */
static void add_live (tree n, live_range &r, gimple *also = NULL)
{
  gimple *def_stmt = SSA_NAME_DEF_STMT (n);
  basic_block def = gimple_bb (def_stmt);
  unsigned def_pos = def ? pos (def_stmt) : 0;
  if (def)
    extend (r, def->index, def_pos, def_pos);
  auto_vec<std::pair<basic_block, unsigned>> work;
  imm_use_iterator it;
  use_operand_p use;
  FOR_EACH_IMM_USE_FAST (use, it, n)
    {
      gimple *stmt = USE_STMT (use);
      if (is_gimple_debug (stmt) || !gimple_bb (stmt))
        continue;
      if (gphi *phi = dyn_cast<gphi *> (stmt))
        work.safe_push ({gimple_phi_arg_edge (phi, PHI_ARG_INDEX_FROM_USE (use))->src, END});
      else
        work.safe_push ({gimple_bb (stmt), pos (stmt)});
    }
  if (also)
    work.safe_push ({gimple_bb (also), pos (also)});
  auto_bitmap whole;            /* blocks already live throughout */
  while (!work.is_empty ())
    {
      auto [bb, to] = work.pop ();
      if (bb == def && def_pos <= to)
        {
          extend (r, bb->index, def_pos, to);
          continue;
        }
      extend (r, bb->index, 0, to);
      if (to == END && !bitmap_set_bit (whole, bb->index))
        continue;
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->preds)
        if (e->src != ENTRY_BLOCK_PTR_FOR_FN (cfun))
          work.safe_push ({e->src, END});
    }
}

static bool interfere (const live_range &a, const live_range &b)
{
  const live_range &small = a.size () < b.size () ? a : b;
  const live_range &big = a.size () < b.size () ? b : a;
  for (auto &x : small)
    {
      auto y = big.find (x.first);
      if (y != big.end () && x.second.first <= y->second.second
          && y->second.first <= x.second.second)
        return true;
    }
  return false;
}

/* pins[k]. */
static tree slot_ref (tree pins, unsigned k)
{
  return build4 (ARRAY_REF, ptr_type_node, pins, build_int_cst (integer_type_node, k),
                 NULL_TREE, NULL_TREE);
}

/* asm volatile ("" :: "m" (pins)) before gsi, or after it. */
static void keep_alive (tree pins, gimple_stmt_iterator *gsi, bool after = false)
{
  vec<tree, va_gc> *inputs = NULL;
  tree constraint = build_tree_list (NULL_TREE, build_string (2, "m"));
  vec_safe_push (inputs, build_tree_list (constraint, pins));
  gasm *as = gimple_build_asm_vec ("", inputs, NULL, NULL, NULL);
  gimple_asm_set_volatile (as, true);
  if (after)
    gsi_insert_after (gsi, as, GSI_SAME_STMT);
  else
    gsi_insert_before (gsi, as, GSI_SAME_STMT);
}

/* Is stmt one of keep_alive's reads of pins (no stop point)? */
static bool keep_alive_p (gimple *stmt, tree pins)
{
  gasm *as = dyn_cast<gasm *> (stmt);
  return as && gimple_asm_noutputs (as) == 0 && gimple_asm_ninputs (as) == 1
         && !*gimple_asm_string (as) && TREE_VALUE (gimple_asm_input_op (as, 0)) == pins;
}

/* May expansion turn an operation on a value of this type into a call
 * (block moves, libgcc's 128-bit, half, quad and decimal arithmetic)? */
static bool libcall_type_p (tree type)
{
  if (!type)
    return false;
  if (TREE_CODE (type) == COMPLEX_TYPE)
    return true;
  if (TREE_CODE (type) == VECTOR_TYPE)
    return libcall_type_p (TREE_TYPE (type));
  if (!is_gimple_reg_type (type))
    return true;
  if (INTEGRAL_TYPE_P (type))
    return TYPE_PRECISION (type) > 64;
  if (SCALAR_FLOAT_TYPE_P (type))
    return DECIMAL_FLOAT_TYPE_P (type)
           || (TYPE_PRECISION (type) != 32 && TYPE_PRECISION (type) != 64
               && TYPE_PRECISION (type) != 80);
  return false;
}

/* May expansion turn a copy (a load, a store, an aggregate assignment or
 * clearing) of a value of this type into a call?  Only a block move or
 * clear of BLKmode: a type with a machine mode moves in registers (even
 * 128-bit integers, long double), and a BLKmode block of 1, 2, 4 or 8
 * bytes is a single move, below every x86-64 tuning's MOVE_RATIO and
 * CLEAR_RATIO (at least 2), so never memcpy or memset.  Lua's TValue
 * copies, `o1->value_ = o2->value_', are such copies. */
static bool copy_libcall_type_p (tree type)
{
  if (!type || TYPE_MODE (type) != BLKmode)
    return false;
  HOST_WIDE_INT size = int_size_in_bytes (type);
  return !(size == 0 || size == 1 || size == 2 || size == 4 || size == 8);
}

/* walk_tree callback: a thread-local variable reached through a call
 * (__tls_get_addr, emulated TLS). */
static tree dynamic_tls_ref (tree *tp, int *walk_subtrees, void *)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  else if (VAR_P (*tp) && DECL_THREAD_LOCAL_P (*tp)
           && DECL_TLS_MODEL (*tp) != TLS_MODEL_INITIAL_EXEC
           && DECL_TLS_MODEL (*tp) != TLS_MODEL_LOCAL_EXEC)
    return *tp;
  return NULL_TREE;
}

/* Can a thread be stopped at stmt, or in a call that expansion makes of
 * it?  Then pins live across it must be in memory. */
static bool stop_point_p (gimple *stmt)
{
  switch (gimple_code (stmt))
    {
    case GIMPLE_LABEL:
    case GIMPLE_DEBUG:
    case GIMPLE_NOP:
    case GIMPLE_PREDICT:
    case GIMPLE_SWITCH:
    case GIMPLE_PHI:
      return false;
    case GIMPLE_ASSIGN:
    case GIMPLE_COND:
    case GIMPLE_RETURN:
      {
        if (flag_trapv)
          return true;          /* signed arithmetic may call libgcc */
        bool copy = gimple_assign_single_p (stmt);
        for (unsigned i = 0; i < gimple_num_ops (stmt); i++)
          if (tree op = gimple_op (stmt, i))
            if ((copy ? copy_libcall_type_p (TREE_TYPE (op)) : libcall_type_p (TREE_TYPE (op)))
                || walk_tree_without_duplicates (&op, dynamic_tls_ref, NULL))
              return true;
        return false;
      }
    default:                    /* calls, asms, EH, OpenMP... */
      return true;
    }
}

/* Does live range r hold a point where the thread can stop? */
bool pin_set_builder::holds_stop_point (const live_range &r)
{
  for (auto &x : r)
    {
      basic_block bb = BASIC_BLOCK_FOR_FN (fun, x.first);
      auto [from, to] = x.second;
      if (to == END)
        {
          edge e;
          edge_iterator ei;
          FOR_EACH_EDGE (e, ei, bb->succs)
            if (e->flags & EDGE_DFS_BACK)
              return true;      /* live across a latch safepoint */
        }
      for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
        {
          unsigned at = gimple_uid (gsi_stmt (gsi));
          if (at >= from && at <= to && stop_point_p (gsi_stmt (gsi)))
            return true;
        }
    }
  return false;
}

/* Slot contents in find_in_place: not yet reached, a root, or NULL_TREE
 * (unknown). */
#define UNREACHED error_mark_node

static bool same_root_p (tree a, tree b)
{
  return a && b && a != UNREACHED && b != UNREACHED && operand_equal_p (a, b, 0);
}

/* Is PHI argument arg never a handle: null, or a declaration's address? */
static bool no_handle_p (tree arg)
{
  if (integer_zerop (arg))
    return true;
  if (TREE_CODE (arg) != ADDR_EXPR)
    return false;
  tree base = get_base_address (TREE_OPERAND (arg, 0));
  return base && DECL_P (base);
}

/* A forward dataflow over fun's blocks in reverse postorder: step (bb)
 * until no block says its state changed, then final (bb) once each. */
static void forward_dataflow (function *fun, const std::function<bool (basic_block)> &step,
                              const std::function<void (basic_block)> &final)
{
  int *rpo = XNEWVEC (int, n_basic_blocks_for_fn (fun));
  int n = pre_and_rev_post_order_compute_fn (fun, NULL, rpo, false);
  for (bool changed = true; changed; )
    {
      changed = false;
      for (int j = 0; j < n; j++)
        changed |= step (BASIC_BLOCK_FOR_FN (fun, rpo[j]));
    }
  for (int j = 0; j < n; j++)
    final (BASIC_BLOCK_FOR_FN (fun, rpo[j]));
  XDELETEVEC (rpo);
}

/* find_in_place's forward dataflow over the planned stores: at the end
 * of each block, the root whose pin each slot holds (UNREACHED, or
 * NULL_TREE: unknown). */
class pin_set_builder::in_place_finder
{
public:
  typedef std::vector<tree> state;
  in_place_finder (pin_set_builder &b, const std::vector<unsigned> &slot, unsigned slots,
                   const std::function<tree (tree)> &root_of);
  /* One round at bb; true if its state at the end changed. */
  bool step (basic_block bb);
  /* Once the states are final: skip and moved for the stores in bb. */
  void decide (basic_block bb, std::vector<bool> &skip, std::vector<std::vector<edge>> &moved);

private:
  pin_set_builder &b;
  const std::vector<unsigned> &slot;
  unsigned slots;
  const std::function<tree (tree)> &root_of;
  /* The planned stores, before each translation's first statement. */
  hash_map<gimple *, auto_vec<unsigned>> stores_at;
  std::vector<state> out;

  state in_of (basic_block bb);
  template <typename Visit> void transfer (basic_block bb, state &s, Visit visit);
  bool free_across (edge e, unsigned k);
  bool edges_for_phi_pin (unsigned k, gphi *phi, std::vector<edge> &lack);
};

pin_set_builder::in_place_finder::in_place_finder (pin_set_builder &b,
                                                   const std::vector<unsigned> &slot,
                                                   unsigned slots,
                                                   const std::function<tree (tree)> &root_of)
  : b (b), slot (slot), slots (slots), root_of (root_of),
    out (last_basic_block_for_fn (b.fun), state (slots, UNREACHED))
{
  for (unsigned i = 0; i < b.translations.size (); i++)
    if (b.translations[i].pinned)
      stores_at.get_or_insert (b.translations[i].first).safe_push (i);
}

/* The slots that held def's previous value hold nothing known now. */
static void forget (std::vector<tree> &s, tree def)
{
  for (tree &x : s)
    if (x == def)
      x = NULL_TREE;
}

pin_set_builder::in_place_finder::state
pin_set_builder::in_place_finder::in_of (basic_block bb)
{
  state s (slots, UNREACHED);
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    for (unsigned k = 0; k < slots; k++)
      {
        tree x = e->src == ENTRY_BLOCK_PTR_FOR_FN (b.fun) ? NULL_TREE : out[e->src->index][k];
        if (s[k] == UNREACHED)
          s[k] = x;
        else if (x != UNREACHED && !same_root_p (s[k], x))
          s[k] = NULL_TREE;
      }
  return s;
}

/* Run s through bb, calling visit (i, s) before each store. */
template <typename Visit>
void pin_set_builder::in_place_finder::transfer (basic_block bb, state &s, Visit visit)
{
  for (gphi_iterator gpi = gsi_start_phis (bb); !gsi_end_p (gpi); gsi_next (&gpi))
    forget (s, gimple_phi_result (gpi.phi ()));
  for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
    {
      gimple *stmt = gsi_stmt (gsi);
      if (auto_vec<unsigned> *here = stores_at.get (stmt))
        for (unsigned i : *here)
          {
            visit (i, s);
            s[slot[i]] = b.translations[i].root;
          }
      tree def;
      ssa_op_iter it;
      FOR_EACH_SSA_TREE_OPERAND (def, stmt, it, SSA_OP_DEF)
        forget (s, def);
    }
}

bool pin_set_builder::in_place_finder::step (basic_block bb)
{
  state s = in_of (bb);
  transfer (bb, s, [] (unsigned, state &) {});
  if (s == out[bb->index])
    return false;
  out[bb->index] = s;
  return true;
}

/* Is slot k free at the end of e's source: no pin in it live there? */
bool pin_set_builder::in_place_finder::free_across (edge e, unsigned k)
{
  for (unsigned j = 0; j < b.translations.size (); j++)
    if (b.translations[j].pinned && slot[j] == k)
      {
        auto it = b.translations[j].live.find (e->src->index);
        if (it != b.translations[j].live.end () && it->second.second == END)
          return false;
      }
  return true;
}

/* May the pin of PHI phi in slot k, at the top of its block, be left to
 * the edges: on each, the slot holds the root of the edge's argument, or
 * the edge is in lack, which gets the store instead and is free of other
 * pins in k, and the lacking edges are rarer than the block by half? */
bool pin_set_builder::in_place_finder::edges_for_phi_pin (unsigned k, gphi *phi,
                                                           std::vector<edge> &lack)
{
  basic_block bb = gimple_bb (phi);
  profile_count lacking = profile_count::zero ();
  edge e;
  edge_iterator ei;
  FOR_EACH_EDGE (e, ei, bb->preds)
    {
      tree arg = PHI_ARG_DEF_FROM_EDGE (phi, e);
      if (no_handle_p (arg))
        continue;               /* nothing to pin */
      if (TREE_CODE (arg) == SSA_NAME && e->src != ENTRY_BLOCK_PTR_FOR_FN (b.fun)
          && same_root_p (out[e->src->index][k], root_of (arg)))
        continue;
      if ((e->flags & EDGE_COMPLEX) || !free_across (e, k))
        return false;
      lack.push_back (e);
      lacking += e->count ();
    }
  return lack.empty () || lacking.apply_scale (2, 1) < bb->count;
}

void pin_set_builder::in_place_finder::decide (basic_block bb, std::vector<bool> &skip,
                                               std::vector<std::vector<edge>> &moved)
{
  state s = in_of (bb);
  std::vector<bool> stored_here (slots, false);
  transfer (bb, s, [&] (unsigned i, state &now) {
    unsigned k = slot[i];
    tree r = b.translations[i].root;
    gphi *phi = TREE_CODE (r) == SSA_NAME ? dyn_cast<gphi *> (SSA_NAME_DEF_STMT (r)) : NULL;
    bool first_here = !stored_here[k];
    stored_here[k] = true;
    std::vector<edge> lack;
    if (!phi || gimple_bb (phi) != bb || !first_here)
      skip[i] = same_root_p (now[k], r);
    else if (edges_for_phi_pin (k, phi, lack))
      {
        skip[i] = true;
        moved[i] = lack;
      }
  });
}

/* For each pinned translation i: skip[i] if its store can be left out;
 * then moved[i] lists the edges that get it instead. */
void pin_set_builder::find_in_place (const std::vector<unsigned> &slot, unsigned slots,
                                     const std::function<tree (tree)> &root_of,
                                     std::vector<bool> &skip,
                                     std::vector<std::vector<edge>> &moved)
{
  if (!alaska_abnormal_only_goto_p (fun))
    return;
  in_place_finder f (*this, slot, slots, root_of);
  forward_dataflow (fun, [&f] (basic_block bb) { return f.step (bb); },
                    [&] (basic_block bb) { f.decide (bb, skip, moved); });
}

/* Each translation's live range, and whether it needs a pin. */
void pin_set_builder::measure_live_ranges ()
{
  for (translation &t : translations)
    {
      /* From the pin store, right before the translation's first
       * statement, to the last use of what it computed. */
      unsigned first = pos (t.first);
      extend (t.live, gimple_bb (t.first)->index, first, first);
      for (tree v : t.values)
        add_live (v, t.live);
      for (auto &[v, use] : memory_uses)
        if (unsigned *o = owner.get (v))
          if (&translations[*o] == &t)
            add_live (v, t.live, use);
      t.pinned = alaska_opts.all_pins || holds_stop_point (t.live);
      (t.pinned ? stored : elided)++;
      if (dump_file && !t.pinned)
        {
          fprintf (dump_file, "alaska: no pin for ");
          print_generic_expr (dump_file, t.root);
          fprintf (dump_file, ": no stop point while translated\n");
        }
    }
}

/* Greedy colouring of the translations that need a pin: slot[i] for
 * each; the number of slots used. */
unsigned pin_set_builder::colour (std::vector<unsigned> &slot)
{
  unsigned slots = 0;
  for (unsigned i = 0; i < translations.size (); i++)
    {
      if (!translations[i].pinned)
        continue;
      std::vector<bool> taken (slots + 1, false);
      for (unsigned j = 0; j < i; j++)
        if (translations[j].pinned
            && interfere (translations[i].live, translations[j].live))
          taken[slot[j]] = true;
      unsigned s = 0;
      while (taken[s])
        s++;
      slot[i] = s;
      slots = MAX (slots, s + 1);
    }
  return slots;
}

/* The statements of `pins[k] = value'. */
static gimple_seq slot_store (tree pins, unsigned k, tree value)
{
  tree ref = slot_ref (pins, k);
  gimple_seq seq = NULL;
  if (!useless_type_conversion_p (ptr_type_node, TREE_TYPE (value)))
    value = gimple_convert (&seq, ptr_type_node, value);
  gimple_seq_add_stmt_without_update (&seq, gimple_build_assign (ref, value));
  return seq;
}

/* The pin stores: before each translation, on the edges that lack it
 * where its slot holds it already at the top of a PHI's block, or none
 * where the slot holds it on every path. */
void pin_set_builder::insert_stores (const std::vector<unsigned> &slot, unsigned slots,
                                     const std::function<tree (tree)> &root_of)
{
  unsigned n = translations.size ();
  std::vector<bool> skip (n, false);
  std::vector<std::vector<edge>> moved (n);
  find_in_place (slot, slots, root_of, skip, moved);
  bool on_edges = false;
  for (unsigned i = 0; i < n; i++)
    {
      translation &t = translations[i];
      if (!t.pinned)
        continue;
      gcc_checking_assert (slot[i] < slots);
      if (!skip[i])
        {
          gimple_stmt_iterator gsi = gsi_for_stmt (t.first);
          gsi_insert_seq_before (&gsi, slot_store (pin_array, slot[i], t.root), GSI_SAME_STMT);
          continue;
        }
      in_place++;
      gphi *phi = moved[i].empty () ? NULL : as_a<gphi *> (SSA_NAME_DEF_STMT (t.root));
      for (edge e : moved[i])
        {
          gsi_insert_seq_on_edge (e, slot_store (pin_array, slot[i],
                                                 PHI_ARG_DEF_FROM_EDGE (phi, e)));
          edge_stores++;
          on_edges = true;
        }
      if (dump_file)
        {
          fprintf (dump_file, "alaska: pin of ");
          print_generic_expr (dump_file, t.root);
          fprintf (dump_file, " in place in slot %u", slot[i]);
          if (!moved[i].empty ())
            fprintf (dump_file, ", stored on %u edges", (unsigned) moved[i].size ());
          fprintf (dump_file, "\n");
        }
    }
  if (on_edges)
    gsi_commit_edge_inserts ();
}

/* Keep the array and its stores: at entry and before every call. */
void pin_set_builder::keep_array_alive ()
{
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      if (is_gimple_call (gsi_stmt (gsi)) && !gimple_call_internal_p (gsi_stmt (gsi)))
        keep_alive (pin_array, &gsi);
  /* A call given translated pointers reads the array after the call too:
   * as a tail call it would run with this frame, and the pins in it, gone
   * (fread's buffer moved under it in Redis's RDB loading). */
  for (gcall *call : escape_calls)
    if (!stmt_ends_bb_p (call))
      {
        gimple_call_set_tail (call, false);
        gimple_stmt_iterator gsi = gsi_for_stmt (call);
        keep_alive (pin_array, &gsi, true);
      }
  gimple_stmt_iterator entry = gsi_after_labels (single_succ (ENTRY_BLOCK_PTR_FOR_FN (fun)));
  keep_alive (pin_array, &entry);
}

unsigned pin_set_builder::finish (const std::function<tree (tree)> &root_of)
{
  if (translations.empty ())
    return 0;
  renumber_gimple_stmt_uids (fun);
  if (!alaska_opts.all_pins)
    mark_dfs_back_edges (fun);          /* for holds_stop_point */
  measure_live_ranges ();
  std::vector<unsigned> slot (translations.size ());
  unsigned slots = colour (slot);
  if (slots == 0)
    return 0;
  tree type = build_array_type_nelts (ptr_type_node, slots);
  pin_array = create_tmp_var_raw (type, "__alaska_pins");
  DECL_NAME (pin_array) = get_identifier ("__alaska_pins");
  DECL_IGNORED_P (pin_array) = 0;
  TREE_ADDRESSABLE (pin_array) = 1;
  gimple_add_tmp_var_fn (fun, pin_array);
  insert_stores (slot, slots, root_of);
  keep_array_alive ();
  return slots;
}

/* The slot a store into the pin set writes, or -1. */
static int stored_slot (gimple *stmt, tree pins)
{
  if (!gimple_assign_single_p (stmt))
    return -1;
  tree lhs = gimple_assign_lhs (stmt);
  if (TREE_CODE (lhs) != ARRAY_REF || TREE_OPERAND (lhs, 0) != pins
      || !tree_fits_uhwi_p (TREE_OPERAND (lhs, 1)))
    return -1;
  return (int) tree_to_uhwi (TREE_OPERAND (lhs, 1));
}

/* Uninitialized slots.  A barrier reads every slot of every instrumented
 * frame on the stack; a slot the function has not stored yet holds
 * whatever the stack held, and a leftover that looks like a handle pins
 * its object (0x8000000000000006, left by the C library's start-up in
 * main's frame, named the program's first object).  A thread stopped at
 * its function's entry safepoint has translated nothing, and barrier.c
 * reads no slot of that frame; elsewhere, a slot needs clearing only if
 * some stop point (stop_point_p, but for this function's own entry
 * safepoint and keep-alive reads) may be reached before any store to it:
 * a forward dataflow of the slots that may be unstored, over the stores
 * as inserted. */
unsigned pin_set_builder::clear_unstored (unsigned slots, gimple *entry)
{
  if (!slots)
    return 0;
  int nblocks = last_basic_block_for_fn (fun);
  sbitmap *out = sbitmap_vector_alloc (nblocks, slots);
  bitmap_vector_clear (out, nblocks);
  auto_sbitmap cur (slots), need (slots);
  bitmap_clear (need);
  /* On the entry edge every slot is unstored; unvisited blocks add none. */
  auto in_of = [&] (basic_block bb) {
    bitmap_clear (cur);
    edge e;
    edge_iterator ei;
    FOR_EACH_EDGE (e, ei, bb->preds)
      if (e->src == ENTRY_BLOCK_PTR_FOR_FN (fun))
        bitmap_ones (cur);
      else
        bitmap_ior (cur, cur, out[e->src->index]);
  };
  auto transfer = [&] (basic_block bb, bool record) {
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
        gimple *stmt = gsi_stmt (gsi);
        int k = stored_slot (stmt, pin_array);
        if (k >= 0 && (unsigned) k < slots)
          bitmap_clear_bit (cur, k);
        else if (record && stmt != entry && !keep_alive_p (stmt, pin_array) && stop_point_p (stmt))
          bitmap_ior (need, need, cur);
      }
  };
  forward_dataflow (fun, [&] (basic_block bb) {
      in_of (bb);
      transfer (bb, false);
      if (bitmap_equal_p (cur, out[bb->index]))
        return false;
      bitmap_copy (out[bb->index], cur);
      return true;
    }, [&] (basic_block bb) {
      in_of (bb);
      transfer (bb, true);
    });
  sbitmap_vector_free (out);

  unsigned cleared = bitmap_count_bits (need);
  gimple_stmt_iterator gsi = gsi_for_stmt (entry);
  if (cleared == slots)
    gsi_insert_before (&gsi, gimple_build_assign (pin_array,
                                                  build_constructor (TREE_TYPE (pin_array), NULL)),
                       GSI_SAME_STMT);
  else
    {
      unsigned k;
      sbitmap_iterator sbi;
      EXECUTE_IF_SET_IN_BITMAP (need, 0, k, sbi)
        gsi_insert_before (&gsi, gimple_build_assign (slot_ref (pin_array, k), null_pointer_node),
                           GSI_SAME_STMT);
    }
  return cleared;
}
