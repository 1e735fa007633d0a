/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pass-replace-alloc.cc: the "alaska_replace" pass.  Right after SSA
 * construction it redirects calls of the allocation family (malloc, calloc,
 * realloc, free, ... as listed by ALASKA_REPLACEMENTS in alaska-abi.h) to
 * their handle versions in libalaska, and rewrites address-taken uses
 * (`f = malloc`) in function bodies and in static initializers, with the
 * address rewriting that external-thunks.cc shares.
 *
 * Only functions that this translation unit does not define are replaced:
 * a program that defines its own `malloc` keeps calling it.  Calls stay on
 * malloc in functions with __attribute__((alaska_raw_alloc)) or named by
 * -fplugin-arg-alaska-raw-alloc=FN,...  The replacements are declared with
 * the attributes GCC relies on for the originals (malloc, alloc_size,
 * nothrow, ...), but not as builtins, so no later pass treats a handle as
 * a malloc'd pointer it can see through.
 */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "libc-model.h"

static const struct { const char *libc, *runtime; } replacements[] = {
#define ALASKA_PAIR(libc, runtime) { #libc, #runtime },
  ALASKA_REPLACEMENTS (ALASKA_PAIR)
#undef ALASKA_PAIR
};

/* The libc name a function decl stands for ("malloc" for both malloc and
 * __builtin_malloc), or NULL if it is not an external C function. */
static const char *libc_name (tree fndecl)
{
  if (TREE_CODE (fndecl) != FUNCTION_DECL || !TREE_PUBLIC (fndecl) || !DECL_NAME (fndecl))
    return NULL;
  if (DECL_CONTEXT (fndecl) && TREE_CODE (DECL_CONTEXT (fndecl)) != TRANSLATION_UNIT_DECL)
    return NULL;
  /* The program's own malloc; but a gnu_inline body from a system header
   * (glibc's getline calling __getdelim) stands for the libc function,
   * except an always_inline one (_FORTIFY_SOURCE's vsnprintf calling
   * __vsnprintf_chk): it is always inlined, and the calls in its body are
   * replaced in turn. */
  cgraph_node *node = cgraph_node::get (fndecl);
  if (node && node->definition
      && (!DECL_EXTERNAL (fndecl)
          || lookup_attribute ("always_inline", DECL_ATTRIBUTES (fndecl))))
    return NULL;
  return alaska_libc_name (fndecl);
}

/* The runtime replacement of fndecl (same type, same attributes, not a
 * builtin): its handle version if fndecl is in the allocation family and
 * `alloc', or its handle-aware wrapper; else NULL_TREE. */
static tree replacement_decl (tree fndecl, bool alloc)
{
  static std::map<std::string, tree> cache;
  const char *name = libc_name (fndecl);
  if (!name)
    return NULL_TREE;
  const char *runtime = alaska_wrapper_name (name);
  if (alloc)
    for (auto &r : replacements)
      if (!strcmp (name, r.libc))
        runtime = r.runtime;
  if (!runtime)
    return NULL_TREE;
  auto it = cache.find (runtime);
  if (it != cache.end ())
    return it->second;

  tree decl = alaska_gc_keep (build_fn_decl (runtime, TREE_TYPE (fndecl)));
  DECL_EXTERNAL (decl) = 1;
  TREE_PUBLIC (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  TREE_NOTHROW (decl) = TREE_NOTHROW (fndecl);
  DECL_IS_MALLOC (decl) = DECL_IS_MALLOC (fndecl);
  DECL_ATTRIBUTES (decl) = copy_list (DECL_ATTRIBUTES (fndecl));
  /* The builtins' type attributes (alloc_size, nonnull, ...) come with
   * TREE_TYPE; the malloc property of builtins comes from their class. */
  if (fndecl_built_in_p (fndecl, BUILT_IN_NORMAL))
    switch (DECL_FUNCTION_CODE (fndecl))
      {
      case BUILT_IN_MALLOC: case BUILT_IN_CALLOC: case BUILT_IN_ALIGNED_ALLOC:
      case BUILT_IN_STRDUP: case BUILT_IN_STRNDUP:
        DECL_IS_MALLOC (decl) = 1;
        break;
      default:
        break;
      }
  cache[runtime] = decl;
  return decl;
}

tree alaska_replacement_decl (tree fndecl)
{
  return replacement_decl (fndecl, true);
}

static bool keeps_raw_alloc (tree fndecl)
{
  if (lookup_attribute ("alaska_raw_alloc", DECL_ATTRIBUTES (fndecl)))
    return true;
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return alaska_opts.raw_alloc_fns.count (name) != 0;
}

/* ---- redirecting function addresses -------------------------------- */

struct redirect_ctx { alaska_address_map map; void *arg; unsigned count; };

/* walk_tree callback: &f -> &map (f), where map gives one. */
static tree redirect_addr (tree *tp, int *walk_subtrees, void *data)
{
  redirect_ctx *ctx = (redirect_ctx *) data;
  if (TREE_CODE (*tp) == ADDR_EXPR && TREE_CODE (TREE_OPERAND (*tp, 0)) == FUNCTION_DECL)
    {
      tree to = ctx->map (TREE_OPERAND (*tp, 0), ctx->arg);
      if (to)
        {
          *tp = build_fold_addr_expr_with_type (to, TREE_TYPE (*tp));
          ctx->count++;
        }
      *walk_subtrees = 0;
    }
  else if (TYPE_P (*tp))
    *walk_subtrees = 0;
  return NULL_TREE;
}

static tree redirect_addr_op (tree *tp, int *walk_subtrees, void *data)
{
  struct walk_stmt_info *wi = (struct walk_stmt_info *) data;
  return redirect_addr (tp, walk_subtrees, wi->info);
}

unsigned alaska_redirect_addresses_in_stmt (gimple *stmt, alaska_address_map map, void *arg)
{
  redirect_ctx ctx = { map, arg, 0 };
  struct walk_stmt_info wi;
  memset (&wi, 0, sizeof wi);
  wi.info = &ctx;
  /* The callee of a direct call is its fndecl, not an address taken:
   * walk the arguments, and the callee only of an indirect call. */
  if (gcall *call = dyn_cast<gcall *> (stmt))
    {
      for (unsigned i = 0; i < gimple_call_num_args (call); i++)
        walk_tree (gimple_call_arg_ptr (call, i), redirect_addr_op, &wi, NULL);
      if (!gimple_call_fndecl (call) && gimple_call_fn (call))
        walk_tree (gimple_call_fn_ptr (call), redirect_addr_op, &wi, NULL);
    }
  else
    walk_gimple_op (stmt, redirect_addr_op, &wi);
  return ctx.count;
}

unsigned alaska_redirect_addresses_in_initializer (varpool_node *vnode, alaska_address_map map,
                                                   void *arg)
{
  tree init = DECL_INITIAL (vnode->decl);
  if (!init || init == error_mark_node)
    return 0;
  redirect_ctx ctx = { map, arg, 0 };
  walk_tree (&DECL_INITIAL (vnode->decl), redirect_addr, &ctx, NULL);
  if (ctx.count)
    {
      vnode->remove_all_references ();
      record_references_in_initializer (vnode->decl, false);
    }
  return ctx.count;
}

/* alaska_address_map: the handle version or wrapper of fndecl; *arg: may
 * the allocation family be replaced. */
static tree replacement_for (tree fndecl, void *arg)
{
  return replacement_decl (fndecl, *(bool *) arg);
}

static unsigned replace_in_function (function *fun)
{
  bool alloc = !alaska_opts.no_replace && !keeps_raw_alloc (fun->decl);
  unsigned calls = 0, addrs = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
        gimple *stmt = gsi_stmt (gsi);
        tree fndecl = is_gimple_call (stmt) ? gimple_call_fndecl (stmt) : NULL_TREE;
        tree repl = fndecl ? replacement_decl (fndecl, alloc) : NULL_TREE;
        if (repl)
          {
            gimple_call_set_fndecl (stmt, repl);
            update_stmt (stmt);
            calls++;
          }
        /* Address-taken uses, e.g. `f = malloc' or `g (malloc)'. */
        unsigned n = alaska_redirect_addresses_in_stmt (stmt, replacement_for, &alloc);
        if (n)
          {
            addrs += n;
            update_stmt (stmt);
          }
        if ((repl || n) && dump_file && (dump_flags & TDF_DETAILS))
          {
            fprintf (dump_file, "alaska_replace: %s in bb %d: ",
                     repl ? "call redirected" : "address replaced", bb->index);
            print_gimple_stmt (dump_file, stmt, 0, TDF_SLIM);
          }
      }
  if (calls || addrs)
    {
      cgraph_edge::rebuild_edges ();
      if (alaska_opts.verbose)
        inform (DECL_SOURCE_LOCATION (fun->decl),
                "alaska: %u allocation calls and %u address uses replaced in %qD",
                calls, addrs, fun->decl);
    }
  statistics_counter_event (fun, "alaska allocation calls replaced", calls);
  statistics_counter_event (fun, "alaska allocation addresses replaced", addrs);
  if (dump_file)
    fprintf (dump_file, "alaska_replace: %u calls, %u address uses replaced\n",
             calls, addrs);
  return calls + addrs;
}

/* PLUGIN_ALL_IPA_PASSES_START: `void *(*f)(size_t) = malloc;' at file
 * scope or as a local static. */
void alaska_replace_alloc_in_initializers (void *, void *)
{
  if (alaska_opts.no_replace)
    return;
  varpool_node *vnode;
  FOR_EACH_VARIABLE (vnode)
    {
      /* A local static of a function whose allocations stay on malloc
       * keeps malloc too. */
      tree ctx_fn = decl_function_context (vnode->decl);
      bool alloc = !(ctx_fn && keeps_raw_alloc (ctx_fn));
      alaska_redirect_addresses_in_initializer (vnode, replacement_for, &alloc);
    }
}

/* __attribute__((alaska_raw_alloc)) on a function definition. */
static struct attribute_spec raw_alloc_attr = {
  "alaska_raw_alloc", 0, 0, true, false, false, false, alaska_function_attribute, NULL
};

void alaska_register_attributes (void *, void *)
{
  register_attribute (&raw_alloc_attr);
}

namespace {

const pass_data pass_data_replace_alloc = {
  GIMPLE_PASS, "alaska_replace", OPTGROUP_NONE, TV_NONE,
  PROP_cfg | PROP_ssa, 0, 0, 0, 0
};

class pass_replace_alloc : public gimple_opt_pass
{
public:
  pass_replace_alloc (gcc::context *ctxt)
    : gimple_opt_pass (pass_data_replace_alloc, ctxt) {}
  unsigned execute (function *fun) final override
  {
    replace_in_function (fun);
    return 0;
  }
};

} // namespace

opt_pass *make_pass_alaska_replace_alloc (gcc::context *ctxt)
{
  return new pass_replace_alloc (ctxt);
}
