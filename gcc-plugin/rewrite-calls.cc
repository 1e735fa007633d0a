/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rewrite-calls.cc: calls and asm statements in the "alaska" pass
 * (translator.h): accesses by internal functions, pointer arguments that
 * leave instrumented code (translated, kept, marshalled, results rebuilt
 * on the handle), arguments of static callees that take them translated,
 * and asm operands. */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"
#include "marshal.h"
#include "translator.h"

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

/* An internal function's access (masked, length and gather/scatter loads
 * and stores, atomics: the first argument) and aggregate arguments. */
void translator::process_internal_call (gcall *call, gimple_stmt_iterator *gsi, bool changed)
{
  unsigned n = gimple_call_num_args (call);
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
}

/* A call leaving instrumented code: its pointer arguments translated
 * (but those it wants as handles), kept where the callee may keep them,
 * marshalled where they point to pointers, and a result that points into
 * an argument rebuilt on the handle. */
void translator::process_external_call (gcall *call, gimple_stmt_iterator *gsi, bool changed)
{
  unsigned n = gimple_call_num_args (call);
  const char *name = alaska_callee_name (call);
  int into = name ? alaska_result_points_into_arg (name) : -1;
  bool foreign = alaska_foreign_callee (call);
  unsigned HOST_WIDE_INT handles = alaska_handle_args (call);
  tree handle = NULL_TREE, targ = NULL_TREE;
  std::vector<std::pair<tree, tree>> objects;   /* for marshal.cc */
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
}

/* A call of instrumented code: an indirect one guarded, and the arguments
 * that a static callee takes translated (raw-params.cc) translated and
 * pinned here, for the whole call.  True if an argument changed. */
bool translator::pass_raw_args (gcall *call, gimple_stmt_iterator *gsi)
{
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl && alaska_guard_indirect_call (call, gsi))
    need_vops = true;
  if (fndecl && alaska_assumed_instrumented (fndecl))
    alaska_note_assumed (fndecl, call);
  unsigned raw = fndecl ? alaska_raw_params_of (fndecl) : 0;
  bool passed = false;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    if (alaska_raw_param_p (raw, i) && rewrite_pointer (gimple_call_arg_ptr (call, i), gsi, true))
      {
        passed = true;
        raw_args++;
      }
  if (passed && pins)
    pins->add_escape_call (call);
  return passed;
}

void translator::process_call (gcall *call, gimple_stmt_iterator *gsi)
{
  bool changed = rewrite_ref (gimple_call_lhs (call), gsi);
  enum alaska_callee kind = alaska_classify_call (call);
  if (kind == CALLEE_INTERNAL)
    return process_internal_call (call, gsi, changed);
  /* Aggregates passed by value are read from memory. */
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    changed |= rewrite_ref (gimple_call_arg (call, i), gsi);
  if (kind == CALLEE_EXTERNAL)
    return process_external_call (call, gsi, changed);
  if (kind == CALLEE_INSTRUMENTED)
    changed |= pass_raw_args (call, gsi);
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
