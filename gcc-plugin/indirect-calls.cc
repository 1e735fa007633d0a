// SPDX-License-Identifier: GPL-3.0-or-later
/* indirect-calls.cc: calls through function pointers, which may reach code
 * the plugin did not compile (dlsym, another library's callback table, a
 * dlopen'd module) and must not hand it handles.
 *
 * At each indirect call `f (args)' of an instrumented function:
 *     target = f - text.lo < text.span ? f : text.foreign_call;
 *     target (args) with f as the static chain
 * where text is libalaska's ALASKA_INSTRUMENTED_TEXT, the range of the
 * main program's instrumented functions (alaska-abi.h, "Indirect calls").
 * The test has no branch (a cmov); the static chain goes in %r10, which a
 * function without one ignores, and tells the trampoline the target.  The
 * trampoline (libalaska/foreign-call.S) calls instrumented targets of other
 * objects as they are and translates and pins the handles in the argument
 * registers of any other. */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"

/* extern uint64_t alaska_instrumented_text[3]: { lo, span, foreign_call }. */
static tree text_decl ()
{
  static tree decl;
  if (!decl)
    {
      tree type = build_array_type_nelts (long_long_unsigned_type_node, 3);
      decl = alaska_gc_keep (build_decl (BUILTINS_LOCATION, VAR_DECL,
                                         get_identifier (ALASKA_INSTRUMENTED_TEXT), type));
      TREE_PUBLIC (decl) = 1;
      DECL_EXTERNAL (decl) = 1;
      DECL_ARTIFICIAL (decl) = 1;
      TREE_USED (decl) = 1;
    }
  return decl;
}

static tree load_field (gimple_seq *seq, unsigned i)
{
  tree u64 = long_long_unsigned_type_node;
  tree ref = build4 (ARRAY_REF, u64, text_decl (), size_int (i), NULL_TREE, NULL_TREE);
  tree v = make_ssa_name (u64);
  gimple_seq_add_stmt (seq, gimple_build_assign (v, ref));
  return v;
}

bool alaska_guard_indirect_call (gcall *call, gimple_stmt_iterator *gsi)
{
  tree fn = gimple_call_fn (call);
  if (gimple_call_internal_p (call) || gimple_call_fndecl (call) || gimple_call_chain (call)
      || !fn || TREE_CODE (fn) != SSA_NAME)
    return false;
  tree u64 = long_long_unsigned_type_node;
  gimple_seq seq = NULL;
  tree lo = load_field (&seq, 0);
  tree span = load_field (&seq, 1);
  tree u = gimple_convert (&seq, u64, fn);
  tree d = gimple_build (&seq, MINUS_EXPR, u64, u, lo);
  tree inside = gimple_build (&seq, LT_EXPR, boolean_type_node, d, span);
  tree tramp = gimple_convert (&seq, TREE_TYPE (fn), load_field (&seq, 2));
  tree target = gimple_build (&seq, COND_EXPR, TREE_TYPE (fn), inside, fn, tramp);
  gsi_insert_seq_before (gsi, seq, GSI_SAME_STMT);
  gimple_call_set_fn (call, target);
  gimple_call_set_chain (call, fn);
  update_stmt (call);
  if (dump_file)
    {
      fprintf (dump_file, "alaska: indirect call checked: ");
      print_gimple_stmt (dump_file, call, 0, TDF_SLIM);
    }
  return true;
}
