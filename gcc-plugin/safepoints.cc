/* SPDX-License-Identifier: GPL-3.0-or-later */
/* safepoints.cc: the patchable NOPs where a thread can stop for a barrier.
 *
 * Each safepoint is a volatile asm holding ALASKA_SAFEPOINT_NOP plus an
 * ALASKA_NOTE_SAFEPOINT note (alaska-abi.h) that records its address
 * PC-relative.  They go at the entry of every instrumented function, on
 * every back edge (the DFS back edges, so irreducible loops too), and
 * before every call into uninstrumented code (but for the C library's
 * __errno_location and the like, which return at once: libc-model.h).
 * The entry safepoint's note also encodes where the pin set is: the asm
 * takes the array as an "m" operand and assembles `lea <operand>, %rax'
 * into the note.
 *
 * What the asm tells GCC: the entry and latch safepoints read the pin set
 * (a latch is where a hoisted or carried translation is live across a
 * stop: without the read, a pin store before it would be dead for a store
 * to the same slot after it -- at the top of the loop, or past its exit);
 * and every safepoint writes a per-unit variable of the table-entry type,
 * so no translation's table load is reused across a safepoint -- objects
 * may have moved there -- while loads and stores of program data move
 * around it as before.  It is inserted after hoisting and after the
 * vectorizer, which are unaffected.
 */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"

/* The variable every safepoint "writes" (one per unit, never read). */
static tree epoch_var ()
{
  static tree var;
  if (!var)
    {
      var = alaska_gc_keep (build_decl (UNKNOWN_LOCATION, VAR_DECL,
                                        get_identifier ("__alaska_safepoint_epoch"),
                                        alaska_entry_type ()));
      TREE_STATIC (var) = 1;
      TREE_PUBLIC (var) = 0;
      TREE_ADDRESSABLE (var) = 1;
      DECL_ARTIFICIAL (var) = 1;
      TREE_USED (var) = 1;
      DECL_CONTEXT (var) = NULL_TREE;
      varpool_node::finalize_decl (var);
    }
  return var;
}

/* The start of a note of `type' whose descriptor is `descsz' bytes, in
 * the notes section: the descriptor follows, then .popsection. */
static std::string note_start (unsigned type, size_t descsz)
{
  return "\t.pushsection " ALASKA_NOTE_SECTION ",\"a\",@note\n"
    "\t.balign 4\n\t.long " + std::to_string (sizeof ALASKA_NOTE_OWNER)
    + "\n\t.long " + std::to_string (descsz)
    + "\n\t.long " + std::to_string (type)
    + "\n\t.asciz \"" ALASKA_NOTE_OWNER "\"\n\t.balign 4\n";
}

/* The asm statement of a safepoint of `kind'; pins: the pin set its note
 * locates, or NULL; reads: a pin set it only reads, or NULL. */
static gasm *build_safepoint (int kind, tree pins, unsigned slots, tree reads = NULL_TREE)
{
  /* Operand 0: the epoch output; operand 1: the pin set. */
  std::string text = ".Lalaska_sp%=:\n\t.byte " ALASKA_SAFEPOINT_NOP "\n"
    + note_start (ALASKA_NOTE_SAFEPOINT, sizeof (struct alaska_safepoint_note))
    + "\t.long .Lalaska_sp%= - .\n\t.short " + std::to_string (kind)
    + "\n\t.short " + std::to_string (pins ? slots : 0) + "\n"
    ".Lalaska_lea%=:\n";
  if (pins)
    text += "\tlea %1, %%rax\n";
  text += "\t.org .Lalaska_lea%= + 8, 0\n\t.balign 4\n\t.popsection";

  vec<tree, va_gc> *outputs = NULL, *inputs = NULL;
  vec_safe_push (outputs, build_tree_list (build_tree_list (NULL_TREE, build_string (3, "=m")),
                                           epoch_var ()));
  if (pins || reads)
    vec_safe_push (inputs, build_tree_list (build_tree_list (NULL_TREE, build_string (2, "m")),
                                            pins ? pins : reads));
  gasm *as = gimple_build_asm_vec (text.c_str (), inputs, outputs, NULL, NULL);
  gimple_asm_set_volatile (as, true);
  return as;
}

alaska_safepoint_counts alaska_insert_safepoints (function *fun, tree pins, unsigned slots)
{
  alaska_safepoint_counts n = { 0, 0, 0, NULL };

  /* Before calls into uninstrumented code. */
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      if (gcall *call = dyn_cast<gcall *> (gsi_stmt (gsi)))
        if (alaska_classify_call (call) == CALLEE_EXTERNAL
            && !alaska_libc_memory_levels (alaska_callee_name (call)))
          {
            gsi_insert_before (&gsi, build_safepoint (ALASKA_SAFEPOINT_CALL, NULL, 0),
                               GSI_SAME_STMT);
            n.call++;
            if (dump_file && (dump_flags & TDF_DETAILS))
              {
                fprintf (dump_file, "alaska: safepoint in bb %d before ", bb->index);
                print_gimple_stmt (dump_file, call, 0, TDF_SLIM);
              }
          }

  /* On back edges: at the end of the source when it has no other
   * successor (a loop's simple latch), else on a new block. */
  mark_dfs_back_edges (fun);
  auto_vec<edge> back;
  FOR_EACH_BB_FN (bb, fun)
    {
      edge e;
      edge_iterator ei;
      FOR_EACH_EDGE (e, ei, bb->succs)
        if ((e->flags & EDGE_DFS_BACK) && !(e->flags & EDGE_ABNORMAL))
          back.safe_push (e);
    }
  for (edge e : back)
    {
      if (dump_file && (dump_flags & TDF_DETAILS))
        fprintf (dump_file, "alaska: safepoint on back edge %d->%d\n",
                 e->src->index, e->dest->index);
      gasm *sp = build_safepoint (ALASKA_SAFEPOINT_LATCH, NULL, 0, pins);
      gimple *last = last_stmt (e->src);
      if (single_succ_p (e->src) && !(last && stmt_ends_bb_p (last)))
        {
          gimple_stmt_iterator gsi = gsi_last_bb (e->src);
          if (gsi_end_p (gsi))
            {
              gimple_stmt_iterator start = gsi_start_bb (e->src);
              gsi_insert_before (&start, sp, GSI_SAME_STMT);
            }
          else
            gsi_insert_after (&gsi, sp, GSI_NEW_STMT);
        }
      else
        gsi_insert_on_edge (e, sp);
      n.latch++;
    }
  gsi_commit_edge_inserts ();

  /* At entry, on the entry edge (the first block may be a loop header). */
  n.entry_stmt = build_safepoint (ALASKA_SAFEPOINT_ENTRY, pins, slots);
  gsi_insert_on_edge_immediate (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun)), n.entry_stmt);
  n.entry++;
  return n;
}

/* -fplugin-arg-alaska-no-track: no safepoint, but an ALASKA_NOTE_FUNCTION
 * note at the entry, which tells the runtime that this is instrumented
 * code (indirect calls reach it with handles as they are).  The asm has
 * no instruction and no operand. */
void alaska_insert_function_note (function *fun)
{
  std::string text = ".Lalaska_fn%=:\n"
    + note_start (ALASKA_NOTE_FUNCTION, sizeof (struct alaska_function_note))
    + "\t.long .Lalaska_fn%= - .\n\t.popsection";
  gasm *as = gimple_build_asm_vec (text.c_str (), NULL, NULL, NULL, NULL);
  gimple_asm_set_volatile (as, true);
  gsi_insert_on_edge_immediate (single_succ_edge (ENTRY_BLOCK_PTR_FOR_FN (fun)), as);
}
