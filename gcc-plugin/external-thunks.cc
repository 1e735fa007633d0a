/* SPDX-License-Identifier: GPL-3.0-or-later */
/* external-thunks.cc: the address of an external function, taken in
 * instrumented code, becomes the address of a thunk that calls it; the
 * address of an instrumented function returning a pointer, passed to
 * another library, that of an export thunk.
 *
 * A call through a function pointer is assumed to reach instrumented code
 * (external.cc), so its arguments pass as they are, handles included.  When
 * the pointer holds an external function -- SQLite keeps `write', `pread'
 * and the rest of its system calls in a table and calls them through it --
 * the handles would reach code that cannot read them.  So `f = write' takes
 * the address of a local function of this unit, "write.alaska_thunk", whose
 * body is `return write (a, b, c);'.  The thunk is instrumented like any
 * other function: its call to `write' is an external call, whose pointer
 * arguments are translated and pinned.  Every use in a unit gets the same
 * thunk, so function pointers compare equal within a unit (not across
 * units, whose thunks are their own).
 *
 * A variadic function with a va_list version (libc-model.cc: printf and
 * vprintf, sscanf and vsscanf, ...) gets a variadic thunk whose body is
 * `va_start (ap, fmt); r = vprintf (fmt, ap); va_end (ap); return r;',
 * and the call of the va_list version goes to its handle-aware wrapper in
 * libalaska (pass-replace-alloc.cc), which reads the pointers among the
 * variable arguments as handles.
 *
 * A variadic function that reads at most one variable argument, an int or
 * a pointer as its other arguments say (open's mode, fcntl's and ioctl's
 * third argument), gets a thunk that reads one word with va_arg and calls
 * the function with it as a pointer: `open (path, flags, va_arg (ap, void
 * *))'.  The call translates it if it is a handle.  An int passed there
 * has its upper half clear, or all ones if the caller sign-extended it,
 * and translation keeps the low half of such a value, which is all the
 * callee reads: all ones is ID 2^31 - 1, the last one handed out, and an
 * ID never handed out translates to the offset.
 * Where the caller passed nothing, the word is whatever the register
 * save area holds, and the callee does not read it.
 *
 * Left as they are: functions of the allocation family and those with
 * handle-aware wrappers (pass-replace-alloc.cc rewrites their addresses),
 * functions whose parameters can hold no pointer, unprototyped ones and
 * other variadic ones (execl, syscall, prctl), whose arguments a thunk
 * cannot forward, and weak ones, whose address the program may test for
 * null.
 *
 * The other way round, an instrumented function that returns a pointer,
 * whose address is an argument of a call into another library than the C
 * library -- GMP's mp_set_memory_functions takes the program's allocation
 * hooks -- would return handles to that library when it calls back.  The
 * call passes the address of an export thunk instead, "f.alaska_export",
 * whose body is `return alaska_export (f (a, b, c));' (alaska-abi.h
 * ALASKA_EXPORT_FN): the object is pinned for good, the library gets its
 * translated address, and the runtime's free and realloc take that address
 * back.  (Callbacks of the C library, such as pthread_create's start
 * routine, keep theirs: glibc passes what they return back untouched.
 * Except those a C library function keeps and whose results it follows,
 * tools/libc-behaviour.txt's KEEPS of a function: obstack's chunk
 * allocator, malloc included, whose export thunk's call becomes halloc.)
 *
 * A direct call to a function that is external only because the C library
 * exports its name (external.cc, rule 6) may reach the program's own
 * definition in another unit instead.  It calls "f.alaska_libc", whose
 * body is `return &own ? own (...) : f (...);': `own' is a weak reference
 * (alaska-abi.h ALASKA_OWN_PREFIX) that the driver's linker defines as f
 * when an instrumented object defines f.  Calls of `own' pass handles as
 * they are; calls of f are external.  Variadic and unprototyped callees,
 * whose arguments a thunk cannot forward, are called as they are.
 *
 * Thunks must exist before the small IPA passes build SSA form, so this
 * runs at PLUGIN_ALL_IPA_PASSES_START, over every lowered function body
 * and every static initializer. */
#include "alaska-abi.h"
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"

/* Can a handle reach fndecl through one of its parameters? */
static bool takes_pointers (tree fntype)
{
  for (tree a = TYPE_ARG_TYPES (fntype); a && TREE_VALUE (a) != void_type_node;
       a = TREE_CHAIN (a))
    if (POINTER_TYPE_P (TREE_VALUE (a)) || AGGREGATE_TYPE_P (TREE_VALUE (a)))
      return true;
  return false;
}

/* The name of the va_list version of the variadic fndecl, or NULL if it
 * has none, or if this target's va_list is not an array (x86-64's is,
 * passed as a pointer to its element). */
static const char *va_list_version_name (tree fndecl)
{
  const char *name = alaska_libc_name (fndecl);
  if (!name || TREE_CODE (va_list_type_node) != ARRAY_TYPE)
    return NULL;
  return alaska_va_list_version (name);
}

/* The va_list version of fndecl (va_list_version_name), as an external
 * function whose last parameter is a va_list; NULL_TREE if none. */
static tree va_list_version (tree fndecl)
{
  const char *vname = va_list_version_name (fndecl);
  if (!vname)
    return NULL_TREE;
  tree fntype = TREE_TYPE (fndecl);
  auto_vec<tree> types;
  for (tree a = TYPE_ARG_TYPES (fntype); a; a = TREE_CHAIN (a))
    types.safe_push (TREE_VALUE (a));
  types.safe_push (build_pointer_type (TREE_TYPE (va_list_type_node)));
  tree vtype = build_function_type_array (TREE_TYPE (fntype), types.length (), types.address ());
  tree vdecl = build_fn_decl (vname, vtype);
  DECL_EXTERNAL (vdecl) = 1;
  TREE_PUBLIC (vdecl) = 1;
  DECL_ARTIFICIAL (vdecl) = 1;
  TREE_NOTHROW (vdecl) = TREE_NOTHROW (fndecl);
  TREE_THIS_VOLATILE (vdecl) = TREE_THIS_VOLATILE (fndecl);    /* noreturn */
  return vdecl;
}

/* Does variadic fndecl read at most one variable argument, an int or a
 * pointer (alaska_one_optional_arg)? */
static bool one_optional_arg (tree fndecl)
{
  const char *name = alaska_libc_name (fndecl);
  return name && alaska_one_optional_arg (name);
}

static bool needs_thunk (tree fndecl)
{
  tree fntype = TREE_TYPE (fndecl);
  return alaska_classify_decl (fndecl) == CALLEE_EXTERNAL
         && !DECL_WEAK (fndecl)
         && !alaska_replacement_decl (fndecl)
         && prototype_p (fntype)
         && (!stdarg_p (fntype) || va_list_version_name (fndecl)
             ? takes_pointers (fntype) : one_optional_arg (fndecl));
}

/* `va_start (ap, last); [result =] vdecl (args..., ap); va_end (ap);
 * return [result];' in a block that declares ap.  Where vdecl is NULL:
 * `[result =] fndecl (args..., va_arg (ap, void *))' instead. */
static tree forward_variable_args (tree fndecl, tree vdecl, vec<tree> &args, tree result,
                                   tree block, location_t loc)
{
  tree ap = build_decl (loc, VAR_DECL, get_identifier ("ap"), va_list_type_node);
  DECL_ARTIFICIAL (ap) = 1;
  DECL_CONTEXT (ap) = current_function_decl;
  TREE_ADDRESSABLE (ap) = 1;
  BLOCK_VARS (block) = ap;
  tree apref = fold_convert (build_pointer_type (TREE_TYPE (va_list_type_node)),
                             build_fold_addr_expr (ap));
  tree body = alloc_stmt_list ();
  append_to_statement_list (build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_VA_START),
                                                 2, apref, args.last ()), &body);
  tree callee = vdecl ? vdecl : fndecl;
  if (vdecl)
    args.safe_push (apref);
  else
    {
      /* The word goes through a variable: a VA_ARG_EXPR is not a valid
       * call argument for the gimplifier. */
      tree word = build_decl (loc, VAR_DECL, get_identifier ("word"), ptr_type_node);
      DECL_ARTIFICIAL (word) = 1;
      DECL_CONTEXT (word) = current_function_decl;
      DECL_CHAIN (word) = BLOCK_VARS (block);
      BLOCK_VARS (block) = word;
      tree va = build1_loc (loc, VA_ARG_EXPR, ptr_type_node, apref);
      append_to_statement_list (build2 (MODIFY_EXPR, ptr_type_node, word, va), &body);
      args.safe_push (word);
    }
  tree call = build_call_array_loc (loc, TREE_TYPE (TREE_TYPE (callee)),
                                    build_fold_addr_expr (callee), args.length (),
                                    args.address ());
  if (!VOID_TYPE_P (TREE_TYPE (result)))
    call = build2 (MODIFY_EXPR, TREE_TYPE (result), result, call);
  append_to_statement_list (call, &body);
  append_to_statement_list (build_call_expr_loc (loc, builtin_decl_explicit (BUILT_IN_VA_END),
                                                 1, apref), &body);
  append_to_statement_list (build1 (RETURN_EXPR, void_type_node,
                                    VOID_TYPE_P (TREE_TYPE (result)) ? NULL_TREE : result),
                            &body);
  return build3 (BIND_EXPR, void_type_node, BLOCK_VARS (block), body, block);
}

/* A local function of fndecl's type whose body is `return fndecl (...);',
 * or for a variadic fndecl, a call of its va_list version, or of fndecl
 * itself with one word of its variable arguments.  export: fndecl is
 * instrumented and returns a pointer, and the body is `return
 * alaska_export (fndecl (...));' instead. */
static tree own_decl (tree fndecl);

static tree build_thunk (tree fndecl, bool export_result = false, bool own_or_libc = false)
{
  function *saved_cfun = cfun;
  tree saved_fn = current_function_decl;
  tree fntype = TREE_TYPE (fndecl), rettype = TREE_TYPE (fntype);
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  std::string name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  name += export_result ? ".alaska_export" : own_or_libc ? ".alaska_libc" : ".alaska_thunk";
  tree decl = build_decl (loc, FUNCTION_DECL, get_identifier (name.c_str ()), fntype);
  TREE_STATIC (decl) = 1;
  TREE_USED (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  DECL_IGNORED_P (decl) = 1;
  TREE_NOTHROW (decl) = TREE_NOTHROW (fndecl);
  TREE_THIS_VOLATILE (decl) = TREE_THIS_VOLATILE (fndecl);     /* noreturn */

  tree result = build_decl (loc, RESULT_DECL, NULL_TREE, rettype);
  DECL_ARTIFICIAL (result) = 1;
  DECL_CONTEXT (result) = decl;
  DECL_RESULT (decl) = result;

  auto_vec<tree> args;
  tree *chain = &DECL_ARGUMENTS (decl);
  for (tree a = TYPE_ARG_TYPES (fntype); a && TREE_VALUE (a) != void_type_node;
       a = TREE_CHAIN (a))
    {
      tree parm = build_decl (loc, PARM_DECL, NULL_TREE, TREE_VALUE (a));
      DECL_ARG_TYPE (parm) = TREE_VALUE (a);
      DECL_ARTIFICIAL (parm) = 1;
      DECL_CONTEXT (parm) = decl;
      TREE_USED (parm) = 1;
      *chain = parm;
      chain = &DECL_CHAIN (parm);
      args.safe_push (parm);
    }

  current_function_decl = decl;
  allocate_struct_function (decl, false);     /* sets cfun->stdarg */
  DECL_INITIAL (decl) = make_node (BLOCK);
  BLOCK_SUPERCONTEXT (DECL_INITIAL (decl)) = decl;
  TREE_USED (DECL_INITIAL (decl)) = 1;
  if (stdarg_p (fntype))
    DECL_SAVED_TREE (decl) = forward_variable_args (fndecl, va_list_version (fndecl), args,
                                                    result, DECL_INITIAL (decl), loc);
  else
    {
      tree call = build_call_array_loc (loc, rettype, build_fold_addr_expr (fndecl),
                                        args.length (), args.address ());
      if (export_result)
        call = fold_convert (rettype,
                             build_call_expr_loc (loc, alaska_runtime_fn (ALASKA_EXPORT_FN, false),
                                                  1, fold_convert (ptr_type_node, call)));
      if (own_or_libc)
        {
          tree own = own_decl (fndecl);
          tree own_call = build_call_array_loc (loc, rettype, build_fold_addr_expr (own),
                                                args.length (), args.address ());
          tree linked = build2 (NE_EXPR, boolean_type_node, build_fold_addr_expr (own),
                                build_int_cst (build_pointer_type (TREE_TYPE (own)), 0));
          call = build3 (COND_EXPR, rettype, linked, own_call, call);
        }
      if (!VOID_TYPE_P (rettype))
        call = build2 (MODIFY_EXPR, rettype, result, call);
      DECL_SAVED_TREE (decl) = build1 (RETURN_EXPR, void_type_node, call);
    }
  cfun->function_end_locus = loc;

  gimplify_function_tree (decl);
  cgraph_node::add_new_function (decl, false);
  /* Lowered now, with its CFG: free_lang_data walks every function's
   * blocks when it prepares -flto's streaming. */
  cgraph_node::get (decl)->analyze ();
  set_cfun (saved_cfun);
  current_function_decl = saved_fn;
  return decl;
}

/* The weak reference `__alaska_own_f' standing for the program's own
 * definition of f, instrumented. */
static tree own_decl (tree fndecl)
{
  std::string name = ALASKA_OWN_PREFIX;
  name += alaska_libc_name (fndecl);
  tree decl = build_fn_decl (name.c_str (), TREE_TYPE (fndecl));
  DECL_EXTERNAL (decl) = 1;
  TREE_PUBLIC (decl) = 1;
  DECL_ARTIFICIAL (decl) = 1;
  declare_weak (decl);          /* .weak: null where the link has none */
  TREE_NOTHROW (decl) = TREE_NOTHROW (fndecl);
  TREE_THIS_VOLATILE (decl) = TREE_THIS_VOLATILE (fndecl);
  DECL_ATTRIBUTES (decl) = tree_cons (get_identifier ("alaska_instrumented"), NULL_TREE,
                                      DECL_ATTRIBUTES (decl));
  return alaska_gc_keep (decl);
}

/* One "own or C library" thunk per callee in this unit. */
static std::map<tree, tree> libc_thunks;

/* Redirect a direct call that rule 6 alone makes external to its "own or
 * C library" thunk.  How many (0 or 1). */
static unsigned own_or_libc_call (gimple *stmt)
{
  gcall *call = dyn_cast<gcall *> (stmt);
  tree fndecl = call ? gimple_call_fndecl (call) : NULL_TREE;
  if (!fndecl || !DECL_NAME (fndecl) || DECL_WEAK (fndecl))
    return 0;
  tree fntype = TREE_TYPE (fndecl);
  if (!prototype_p (fntype) || stdarg_p (fntype) || alaska_replacement_decl (fndecl)
      || !alaska_external_by_libc_name (fndecl))
    return 0;
  tree &thunk = libc_thunks[fndecl];
  if (!thunk)
    thunk = alaska_gc_keep (build_thunk (fndecl, false, true));
  gimple_call_set_fndecl (call, thunk);
  update_stmt (call);
  return 1;
}

/* One thunk per external function in this unit. */
static std::map<tree, tree> thunks;

/* alaska_address_map: the thunk standing for fndecl, or NULL_TREE. */
static tree thunk_for (tree fndecl, void *)
{
  auto it = thunks.find (fndecl);
  if (it != thunks.end ())
    return it->second;
  tree thunk = needs_thunk (fndecl) ? alaska_gc_keep (build_thunk (fndecl)) : NULL_TREE;
  thunks[fndecl] = thunk;
  return thunk;
}

/* Is fn one of the C library's allocation functions that the unit calls
 * as their handle versions (ALASKA_REPLACEMENTS: malloc is halloc)? */
static bool replaced_allocator_p (tree fn)
{
  static const char *const names[] = {
#define ALASKA_LIBC_NAME(libc, runtime) #libc,
    ALASKA_REPLACEMENTS (ALASKA_LIBC_NAME)
#undef ALASKA_LIBC_NAME
  };
  const char *name = alaska_libc_name (fn);
  for (const char *n : names)
    if (name && !strcmp (n, name))
      return true;
  return false;
}

/* One export thunk per instrumented function in this unit. */
static std::map<tree, tree> export_thunks;

/* Give another library the export thunks of the instrumented functions,
 * returning pointers, whose addresses call passes it.  How many. */
static unsigned export_callbacks (gimple *stmt)
{
  gcall *call = dyn_cast<gcall *> (stmt);
  if (!call || alaska_classify_call (call) != CALLEE_EXTERNAL)
    return 0;
  bool foreign = alaska_foreign_callee (call);
  const char *name = foreign ? NULL : alaska_callee_name (call);
  unsigned count = 0;
  for (unsigned i = 0; i < gimple_call_num_args (call); i++)
    {
      /* A C library function that keeps the function it is given, and
       * follows what that returns (KEEPS: obstack's chunk allocator), gets
       * an export thunk too; so does malloc given there, whose thunk calls
       * halloc once the allocation calls are replaced. */
      bool keeps = name && alaska_libc_keeps_arg (name, i);
      if (!foreign && !keeps)
        continue;
      tree arg = gimple_call_arg (call, i);
      STRIP_NOPS (arg);
      if (TREE_CODE (arg) != ADDR_EXPR || TREE_CODE (TREE_OPERAND (arg, 0)) != FUNCTION_DECL)
        continue;
      tree fn = TREE_OPERAND (arg, 0), fntype = TREE_TYPE (fn);
      bool allocator = keeps && DECL_NAME (fn) && replaced_allocator_p (fn);
      if ((alaska_classify_decl (fn) != CALLEE_INSTRUMENTED && !allocator)
          || !POINTER_TYPE_P (TREE_TYPE (fntype)) || !prototype_p (fntype) || stdarg_p (fntype))
        continue;
      tree &thunk = export_thunks[fn];
      if (!thunk)
        thunk = alaska_gc_keep (build_thunk (fn, true));
      gimple_call_set_arg (call, i, fold_convert (TREE_TYPE (gimple_call_arg (call, i)),
                                                  build_fold_addr_expr (thunk)));
      count++;
    }
  return count;
}

static unsigned thunk_addrs_in_function (cgraph_node *node)
{
  function *fun = DECL_STRUCT_FUNCTION (node->decl);
  unsigned count = 0;
  push_cfun (fun);
  unsigned calls = 0;
  basic_block bb;
  FOR_EACH_BB_FN (bb, fun)
    for (gimple_stmt_iterator gsi = gsi_start_bb (bb); !gsi_end_p (gsi); gsi_next (&gsi))
      {
        count += export_callbacks (gsi_stmt (gsi))
                 + alaska_redirect_addresses_in_stmt (gsi_stmt (gsi), thunk_for, NULL);
        calls += own_or_libc_call (gsi_stmt (gsi));
      }
  if (count)
    cgraph_edge::rebuild_references ();
  if (calls)
    cgraph_edge::rebuild_edges ();
  count += calls;
  pop_cfun ();
  return count;
}

/* PLUGIN_ALL_IPA_PASSES_START. */
void alaska_thunk_external_addresses (void *, void *)
{
  /* The bodies and initializers as they are now: thunks added below are
   * not visited. */
  auto_vec<cgraph_node *> fns;
  cgraph_node *node;
  FOR_EACH_DEFINED_FUNCTION (node)
    if (gimple_has_body_p (node->decl))
      fns.safe_push (node);
  for (cgraph_node *fn : fns)
    {
      unsigned n = thunk_addrs_in_function (fn);
      if (n && alaska_opts.verbose)
        inform (DECL_SOURCE_LOCATION (fn->decl),
                "alaska: %u addresses of functions replaced by thunks in %qD",
                n, fn->decl);
    }
  varpool_node *vnode;
  FOR_EACH_VARIABLE (vnode)
    {
      unsigned n = alaska_redirect_addresses_in_initializer (vnode, thunk_for, NULL);
      if (n && alaska_opts.verbose)
        inform (DECL_SOURCE_LOCATION (vnode->decl),
                "alaska: %u addresses of external functions replaced by thunks in "
                "the initializer of %qD", n, vnode->decl);
    }
}
