/* SPDX-License-Identifier: GPL-3.0-or-later */
/* roots.cc: the root of a pointer value -- what it was derived from through
 * pointer arithmetic, casts, integer round trips and PHIs -- for the
 * "alaska" pass (translator.h).  Values of one root point into one object
 * and share one translation. */
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"
#include "translator.h"

/* The operand of an integer PLUS/MINUS that carries the pointer, if any. */
static tree pointer_operand (gimple *def);

/* The one walk back through pointer arithmetic (the roots below,
 * root_plus_offsets in pass-translate.cc, raw-params.cc's callers). */
alaska_pointer_step alaska_step_back (gimple *def)
{
  alaska_pointer_step s;
  gassign *a = dyn_cast<gassign *> (def);
  if (!a)
    return s;
  enum tree_code code = gimple_assign_rhs_code (a);
  tree rhs1 = gimple_assign_rhs1 (a);
  if (code == POINTER_PLUS_EXPR)
    {
      s.from = rhs1;
      s.offset = gimple_assign_rhs2 (a);
    }
  else if (code == SSA_NAME || (CONVERT_EXPR_CODE_P (code) && pointer_sized_p (rhs1)))
    s.from = rhs1;
  else if (code == ADDR_EXPR)
    {
      /* &MEM[q + c].field: derived from q. */
      tree base = get_base_address (TREE_OPERAND (rhs1, 0));
      s.address = true;
      if (base && (TREE_CODE (base) == MEM_REF || TREE_CODE (base) == TARGET_MEM_REF))
        s.from = TREE_OPERAND (base, 0);
      else
        s.from = rhs1;          /* the address of a declaration */
    }
  return s;
}

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
  gcc_checking_assert (open.elements () == 0);
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
  gcc_checking_assert (busy.elements () == 0);
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
      tree next = alaska_step_back (a).from;
      if (next)
        ;
      else if (code == VIEW_CONVERT_EXPR && pointer_sized_p (TREE_OPERAND (rhs1, 0)))
        next = TREE_OPERAND (rhs1, 0);
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
