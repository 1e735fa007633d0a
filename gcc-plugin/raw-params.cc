/* SPDX-License-Identifier: GPL-3.0-or-later */
/* raw-params.cc: pointer parameters that arrive already translated.
 *
 * A function reaching an object only through a pointer parameter -- loads
 * and stores through it and through pointers derived from it, tests
 * against constants, comparisons with other such pointers, and passing it
 * on to the C library or to a callee that takes it the same way -- does
 * not need the parameter to be a handle.  When every caller is
 * instrumented code of this unit (GCC's `local': not visible outside,
 * address never taken), the callers translate and pin the argument, as
 * they do for a call out of instrumented code, and the callee uses it as
 * it is.  The caller's pin covers the whole call.  This pays only where
 * the callers access the object themselves, so that the translation for
 * the call is one they make anyway: a parameter is passed translated only
 * if that holds for most calls by GCC's estimated frequency
 * (worth_passing); otherwise the table load would just move to the caller.
 *
 * What such a parameter must not do, because a raw pointer is not the
 * handle the rest of the program holds: be stored, returned, compared
 * with a pointer of another origin, converted to an integer other than
 * for arithmetic, given to libalaska (hfree of a raw pointer frees its
 * backing memory), kept by another library, handed on as a cookie or
 * printed with %p, or reach an asm or a callee that wants a handle.
 *
 * Each callee is decided once.  GCC expands callees before callers where
 * the call graph allows, so a callee is normally decided from its own body
 * as the pass sees it, before any caller is instrumented.  A callee that a
 * caller reaches first (a cycle of calls) is fixed at "none".
 *
 * Comparison functions of the C library's qsort, qsort_r, bsearch, lfind
 * and lsearch get the same treatment for the parameters those call them
 * with: pointers into the array (or a copy of it) and the key, which the
 * call was given translated and keeps pinned while it runs.  That holds
 * for a static function only if its address goes nowhere else, which is
 * decided at the end of IPA, while every body is still GIMPLE
 * (alaska_find_sort_callbacks).
 * -fplugin-arg-alaska-no-raw-params turns this off.
 */
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"

/* Callee DECL_UID -> bit i: parameter i arrives translated. */
static std::map<unsigned, unsigned> decided;

unsigned alaska_raw_params_of (tree fndecl)
{
  auto it = decided.find (DECL_UID (fndecl));
  if (it != decided.end ())
    return it->second;
  decided[DECL_UID (fndecl)] = 0;       /* its caller came first */
  return 0;
}

/* Is name the base pointer of reference ref (an access through it)? */
static bool based_on (tree ref, tree name)
{
  while (handled_component_p (ref))
    ref = TREE_OPERAND (ref, 0);
  return (TREE_CODE (ref) == MEM_REF || TREE_CODE (ref) == TARGET_MEM_REF)
         && TREE_OPERAND (ref, 0) == name;
}

namespace {

/* An SSA name derived from the candidate parameters: which ones it may
 * come from, and whether it is raw whenever they are (pure: not merged
 * with a value of another origin). */
struct derivation
{
  unsigned from = 0;
  bool pure = true;
};

class raw_param_analysis
{
public:
  raw_param_analysis (function *fun, unsigned mask) : fun (fun), mask (mask) {}
  unsigned run ();              /* the parameters that failed */

private:
  function *fun;
  unsigned mask;
  hash_map<tree, derivation> derived;
  std::vector<tree> work;
  /* Comparisons of derived names, judged once purity is known. */
  std::vector<std::pair<tree, gimple *>> comparisons;
  unsigned failed = 0;

  void add (tree name, unsigned from);
  void fail (tree name)
  {
    if (derivation *d = derived.get (name))
      failed |= d->from;
  }
  bool pure_p (tree t);
  bool def_pure_p (tree name);
  bool arg_carries (tree arg, tree name);
  void check_use (tree name, gimple *stmt);
  void check_assign (tree name, gassign *a);
  void check_call (tree name, gcall *call);
  bool call_arg_ok (gcall *call, enum alaska_callee kind, unsigned i);
  void check_comparison (tree name, gimple *stmt);
};

void raw_param_analysis::add (tree name, unsigned from)
{
  if (TREE_CODE (name) != SSA_NAME)
    return;
  derivation &d = derived.get_or_insert (name);
  if ((d.from | from) == d.from)
    return;
  d.from |= from;
  work.push_back (name);
}

/* Is t raw whenever the parameters are: a constant, the address of a
 * declaration, or a pure derivation. */
bool raw_param_analysis::pure_p (tree t)
{
  if (TREE_CODE (t) == INTEGER_CST || TREE_CODE (t) == ADDR_EXPR)
    return true;
  derivation *d = TREE_CODE (t) == SSA_NAME ? derived.get (t) : NULL;
  return d && d->pure;
}

/* Is derived name's definition pure, given what is now known? */
bool raw_param_analysis::def_pure_p (tree name)
{
  if (SSA_NAME_IS_DEFAULT_DEF (name))
    return true;
  gimple *def = SSA_NAME_DEF_STMT (name);
  if (gphi *phi = dyn_cast<gphi *> (def))
    {
      for (unsigned i = 0; i < gimple_phi_num_args (phi); i++)
        {
          tree arg = gimple_phi_arg_def (phi, i);
          if (arg != name && !pure_p (arg))
            return false;
        }
      return true;
    }
  ssa_op_iter it;
  tree op;
  FOR_EACH_SSA_TREE_OPERAND (op, def, it, SSA_OP_USE)
    if (derivation *d = derived.get (op))
      if (!d->pure)
        return false;
  return true;
}

/* Does call argument arg pass name or an address inside its object? */
bool raw_param_analysis::arg_carries (tree arg, tree name)
{
  return arg == name
         || (TREE_CODE (arg) == ADDR_EXPR && based_on (TREE_OPERAND (arg, 0), name));
}

/* May argument i of call be a raw pointer? */
bool raw_param_analysis::call_arg_ok (gcall *call, enum alaska_callee kind, unsigned i)
{
  switch (kind)
    {
    case CALLEE_INSTRUMENTED:
      {
        tree fndecl = gimple_call_fndecl (call);
        if (!fndecl || i >= ALASKA_MAX_RAW_PARAMS)
          return false;         /* (and a callee not decided yet stays so) */
        return alaska_raw_param_p (fndecl == fun->decl ? mask : alaska_raw_params_of (fndecl), i);
      }
    case CALLEE_EXTERNAL:       /* translated there, unless kept or a handle */
      return !alaska_foreign_callee (call)
             && !(i < HOST_BITS_PER_WIDE_INT && (alaska_handle_args (call) >> i & 1));
    case CALLEE_INTERNAL:
      {
        internal_fn ifn = gimple_call_internal_fn (call);
        return i == 0 && (internal_load_fn_p (ifn) || internal_store_fn_p (ifn));
      }
    default:
      return false;
    }
}

void raw_param_analysis::check_call (tree name, gcall *call)
{
  tree lhs = gimple_call_lhs (call);
  if (gimple_call_fn (call) == name || gimple_call_chain (call) == name)
    return fail (name);
  enum alaska_callee kind = alaska_classify_call (call);
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      tree arg = gimple_call_arg (call, i);
      if (!arg_carries (arg, name))
        continue;               /* another argument, or an aggregate read through it */
      /* An integer would reach the callee as the address, not the handle. */
      if (!POINTER_TYPE_P (TREE_TYPE (arg)) || !call_arg_ok (call, kind, i))
        return fail (name);
      const char *callee = alaska_callee_name (call);
      if (lhs && callee && kind == CALLEE_EXTERNAL
          && alaska_result_points_into_arg (callee) == (int) i)
        add (lhs, derived.get (name)->from);
    }
}

void raw_param_analysis::check_assign (tree name, gassign *a)
{
  unsigned from = derived.get (name)->from;
  tree lhs = gimple_assign_lhs (a);
  tree rhs1 = gimple_assign_rhs1 (a);
  enum tree_code code = gimple_assign_rhs_code (a);
  bool to_ssa = TREE_CODE (lhs) == SSA_NAME;

  if (gimple_assign_single_p (a))
    {
      if (rhs1 == name || code == ADDR_EXPR)    /* q = p, q = &p->f; or a store */
        return to_ssa ? add (lhs, from) : fail (name);
      if (based_on (lhs, name) || based_on (rhs1, name))
        return;                 /* an access through it */
      return fail (name);
    }
  if (code == POINTER_PLUS_EXPR && rhs1 == name)
    return add (lhs, from);
  if (CONVERT_EXPR_CODE_P (code))
    {
      tree type = TREE_TYPE (lhs);
      if ((POINTER_TYPE_P (type) || INTEGRAL_TYPE_P (type)) && TYPE_PRECISION (type) == 64)
        return add (lhs, from);
      return fail (name);
    }
  if ((code == PLUS_EXPR || code == MINUS_EXPR) && INTEGRAL_TYPE_P (TREE_TYPE (lhs))
      && TYPE_PRECISION (TREE_TYPE (lhs)) == 64 && rhs1 == name
      && !derived.get (gimple_assign_rhs2 (a)))
    return add (lhs, from);
  if (TREE_CODE_CLASS (code) == tcc_comparison || code == POINTER_DIFF_EXPR)
    {
      comparisons.push_back ({name, a});
      return;
    }
  fail (name);
}

/* Equality with a constant, or with another pointer raw whenever this
 * one is; an order or a difference only within one parameter's object.
 * Then the answer is the one handles would give.  (`(intptr_t) p < 0'
 * asks whether p is a handle, and a raw pointer says no.) */
void raw_param_analysis::check_comparison (tree name, gimple *stmt)
{
  tree lhs, rhs;
  enum tree_code code;
  if (gcond *c = dyn_cast<gcond *> (stmt))
    lhs = gimple_cond_lhs (c), rhs = gimple_cond_rhs (c), code = gimple_cond_code (c);
  else
    lhs = gimple_assign_rhs1 (stmt), rhs = gimple_assign_rhs2 (stmt),
    code = gimple_assign_rhs_code (stmt);
  tree other = lhs == name ? rhs : lhs;
  if (code == EQ_EXPR || code == NE_EXPR)
    {
      if (TREE_CODE (other) == INTEGER_CST || (pure_p (name) && pure_p (other)))
        return;
    }
  else if (TREE_CODE (other) == SSA_NAME && pure_p (name) && pure_p (other))
    {
      unsigned from = derived.get (name)->from;
      if (from == derived.get (other)->from && pow2p_hwi (from))
        return;
    }
  fail (name);
  fail (other);
}

void raw_param_analysis::check_use (tree name, gimple *stmt)
{
  if (is_gimple_debug (stmt))
    return;
  switch (gimple_code (stmt))
    {
    case GIMPLE_ASSIGN:
      return check_assign (name, as_a<gassign *> (stmt));
    case GIMPLE_CALL:
      return check_call (name, as_a<gcall *> (stmt));
    case GIMPLE_PHI:
      {
        tree res = gimple_phi_result (stmt);
        if (SSA_NAME_OCCURS_IN_ABNORMAL_PHI (res))
          return fail (name);
        return add (res, derived.get (name)->from);
      }
    case GIMPLE_COND:
      comparisons.push_back ({name, stmt});
      return;
    default:
      return fail (name);       /* return, asm, switch */
    }
}

unsigned raw_param_analysis::run ()
{
  unsigned i = 0;
  for (tree parm = DECL_ARGUMENTS (fun->decl); parm; parm = DECL_CHAIN (parm), i++)
    if (alaska_raw_param_p (mask, i))
      if (tree def = ssa_default_def (fun, parm))
        add (def, 1u << i);
  /* Everything derived, and every use judged but comparisons. */
  while (!work.empty ())
    {
      tree name = work.back ();
      work.pop_back ();
      gimple *stmt;
      imm_use_iterator it;
      FOR_EACH_IMM_USE_STMT (stmt, it, name)
        check_use (name, stmt);
    }
  /* Purity: the greatest fixed point, so a pointer walk's PHI stays pure. */
  for (bool changed = true; changed; )
    {
      changed = false;
      for (auto it = derived.begin (); it != derived.end (); ++it)
        if ((*it).second.pure && !def_pure_p ((*it).first))
          {
            (*it).second.pure = false;
            changed = true;
          }
    }
  for (auto &c : comparisons)
    check_comparison (c.first, c.second);
  return failed;
}

} // namespace

/* Comparison functions: DECL_UID -> the parameters the C library passes
 * them raw. */
static std::map<unsigned, unsigned> sort_callbacks;

/* Is t the address of fndecl? */
static bool address_of_p (tree t, tree fndecl)
{
  return TREE_CODE (t) == ADDR_EXPR && TREE_OPERAND (t, 0) == fndecl;
}

/* walk_gimple_op callback: the address of wi->info. */
static tree address_of (tree *tp, int *walk_subtrees, void *data)
{
  if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return address_of_p (*tp, (tree) ((walk_stmt_info *) data)->info) ? *tp : NULL_TREE;
}

/* The parameters of fndecl that arrive raw through its uses in stmt, a
 * statement naming its address: all if stmt only passes it as the
 * comparison of a C library sort or search, which keeps it to itself;
 * none otherwise. */
static unsigned callback_use (gimple *stmt, tree fndecl)
{
  gcall *call = dyn_cast<gcall *> (stmt);
  tree callee = call ? gimple_call_fndecl (call) : NULL_TREE;
  if (!callee || alaska_classify_call (call) != CALLEE_EXTERNAL
      || alaska_foreign_callee (call))
    return 0;
  /* A body in this unit (glibc's inline bsearch) would be inlined, and
   * call the comparison with the handles it was given. */
  cgraph_node *cn = cgraph_node::get (callee);
  if (cn && cn->definition)
    return 0;
  unsigned raw = 0;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      if (address_of_p (gimple_call_arg (call, i), fndecl))
        {
          unsigned r = alaska_callback_raw_params (alaska_libc_name (callee), i);
          if (!r || raw)
            return 0;           /* another argument, or twice */
          raw = r;
        }
    }
  return raw;                   /* (the callee is the C library's, not fndecl) */
}

/* The parameters of node that every use of its address in function r
 * lets arrive raw. */
static unsigned callback_uses_in (cgraph_node *r, tree fndecl)
{
  function *fn = DECL_STRUCT_FUNCTION (r->decl);
  if (!fn || !fn->cfg || !gimple_in_ssa_p (fn))
    return 0;
  unsigned raw = ~0u;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fn)
    {
      for (gphi_iterator g = gsi_start_phis (bb); !gsi_end_p (g); gsi_next (&g))
        for (unsigned i = 0; i < gimple_phi_num_args (g.phi ()); i++)
          if (address_of_p (gimple_phi_arg_def (g.phi (), i), fndecl))
            return 0;
      for (gimple_stmt_iterator g = gsi_start_bb (bb); !gsi_end_p (g); gsi_next (&g))
        {
          gimple *stmt = gsi_stmt (g);
          if (is_gimple_debug (stmt))
            continue;
          walk_stmt_info wi;
          memset (&wi, 0, sizeof wi);
          wi.info = fndecl;
          if (walk_gimple_op (stmt, address_of, &wi))
            raw &= callback_use (stmt, fndecl);
        }
    }
  return raw;
}

/* PLUGIN_ALL_IPA_PASSES_END: the static functions whose address only
 * reaches the C library's sorts and searches, as their comparison, and
 * which nothing calls directly. */
void alaska_find_sort_callbacks (void *, void *)
{
  if (alaska_opts.no_raw_params || in_lto_p || flag_lto)
    return;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    {
      if (TREE_PUBLIC (node->decl) || node->callers || node->alias || node->thunk
          || node->has_aliases_p () || node->force_output || node->inlined_to
          || DECL_STATIC_CHAIN (node->decl) || stdarg_p (TREE_TYPE (node->decl))
          || alaska_classify_decl (node->decl) != CALLEE_INSTRUMENTED)
        continue;
      unsigned raw = ~0u;
      bool any = false;
      hash_set<tree> scanned;
      ipa_ref *ref;
      for (unsigned i = 0; raw && node->iterate_referring (i, ref); i++)
        {
          cgraph_node *r = dyn_cast<cgraph_node *> (ref->referring);
          if (ref->use != IPA_REF_ADDR || !r)
            raw = 0;
          else if (!scanned.add (r->decl))
            raw &= callback_uses_in (r, node->decl), any = true;
        }
      if (any && raw)
        sort_callbacks[DECL_UID (node->decl)] = raw;
    }
}

/* May fun's callers pass it translated pointers at all? */
static bool eligible (function *fun)
{
  cgraph_node *node = cgraph_node::get (fun->decl);
  if (!node || !node->local || node->alias || node->thunk || node->has_aliases_p ()
      || stdarg_p (TREE_TYPE (fun->decl)) || DECL_STATIC_CHAIN (fun->decl))
    return false;
  /* Callers must take the instrumented path of process_call, which
   * passes these arguments translated. */
  if (alaska_classify_decl (fun->decl) != CALLEE_INSTRUMENTED)
    return false;
  for (cgraph_edge *e = node->callers; e; e = e->next_caller)
    if (e->caller->thunk || e->caller->alias)
      return false;
  return true;
}

/* Does the caller of call reach the object of its argument i itself
 * (a load or store through the argument's root or a pointer derived from
 * it)?  Then its translation for the call is mostly one it makes anyway,
 * and it serves the callee too.  A constant or a declaration's address
 * costs nothing. */
static bool caller_has_translation (gcall *call, unsigned i)
{
  if (!call || i >= gimple_call_num_args (call))
    return false;
  tree p = gimple_call_arg (call, i);
  /* Back to the root through pointer arithmetic and conversions. */
  for (int steps = 0; steps < 8 && TREE_CODE (p) == SSA_NAME; steps++)
    {
      tree from = alaska_step_back (SSA_NAME_DEF_STMT (p)).from;
      if (!from)
        break;
      p = from;
    }
  if (TREE_CODE (p) != SSA_NAME)
    return true;                /* a constant or a declaration's address */
  /* Accesses through the root or what is derived from it, in a bounded walk. */
  auto_vec<tree, 16> names;
  names.safe_push (p);
  const unsigned max_names = 32;
  for (unsigned k = 0; k < names.length () && k < max_names; k++)
    {
      gimple *stmt;
      imm_use_iterator it;
      FOR_EACH_IMM_USE_STMT (stmt, it, names[k])
        {
          if (gassign *a = dyn_cast<gassign *> (stmt))
            {
              tree lhs = gimple_assign_lhs (a);
              if (based_on (lhs, names[k])
                  || (gimple_assign_single_p (a)
                      && based_on (gimple_assign_rhs1 (a), names[k])))
                return true;
              if (gimple_assign_rhs_code (a) == POINTER_PLUS_EXPR
                  && gimple_assign_rhs1 (a) == names[k])
                names.safe_push (lhs);
            }
          else if (gphi *phi = dyn_cast<gphi *> (stmt))
            names.safe_push (gimple_phi_result (phi));
        }
    }
  return false;
}

/* Keep the parameters whose callers, by estimated frequency, mostly hold
 * the translation already: elsewhere moving the translation from callee
 * to caller saves nothing and costs the caller registers and a pin. */
static unsigned worth_passing (function *fun, unsigned mask)
{
  cgraph_node *node = cgraph_node::get (fun->decl);
  for (unsigned i = 0; i < ALASKA_MAX_RAW_PARAMS; i++)
    if (alaska_raw_param_p (mask, i))
      {
        int64_t at_hand = 0, all = 0;
        for (cgraph_edge *e = node->callers; e; e = e->next_caller)
          {
            int64_t f = e->frequency () + 1;    /* CGRAPH_FREQ_BASE: entry */
            all += f;
            if (e->caller == node || caller_has_translation (e->call_stmt, i))
              at_hand += f;
          }
        if (at_hand * 2 < all)
          mask &= ~(1u << i);
      }
  return mask;
}

unsigned alaska_decide_raw_params (function *fun)
{
  auto it = decided.find (DECL_UID (fun->decl));
  if (it != decided.end ())
    return it->second;
  unsigned mask = 0;
  auto callback = sort_callbacks.find (DECL_UID (fun->decl));
  cgraph_node *node = cgraph_node::get (fun->decl);
  bool called_back = callback != sort_callbacks.end () && node && !node->callers;
  if (!alaska_opts.no_raw_params && (called_back || eligible (fun)))
    {
      unsigned i = 0;
      for (tree parm = DECL_ARGUMENTS (fun->decl); parm && i < ALASKA_MAX_RAW_PARAMS; parm = DECL_CHAIN (parm), i++)
        if (POINTER_TYPE_P (TREE_TYPE (parm)) && ssa_default_def (fun, parm))
          mask |= 1u << i;
      /* qsort passes them raw anyway: nothing to weigh. */
      mask = called_back ? mask & callback->second : worth_passing (fun, mask);
      /* Drop what fails until nothing does: a recursive call keeps a
       * parameter only if the recursion passes it where it is raw too. */
      while (mask)
        {
          raw_param_analysis a (fun, mask);
          unsigned failed = a.run () & mask;
          if (!failed)
            break;
          mask &= ~failed;
        }
    }
  decided[DECL_UID (fun->decl)] = mask;
  return mask;
}
