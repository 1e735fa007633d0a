/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska-plugin.h: what the plugin's passes share: the parsed plugin
 * arguments and the pass constructors. */
#ifndef ALASKA_PLUGIN_H
#define ALASKA_PLUGIN_H

/* Plugin arguments (-fplugin-arg-alaska-<key>[=<value>]); see
 * alaska-plugin.cc for the table and alaska-gcc(1) for the manual. */
struct alaska_options {
  bool no_replace = false;              /* keep every allocation on malloc */
  std::set<std::string> raw_alloc_fns;  /* functions whose allocations stay on malloc */
  bool verbose = false;                 /* note each instrumented function */
  bool dump = false;                    /* -fdump-tree-alaska (via the driver) */
  std::string dump_flags;               /* ... -FLAGS ("details"), or empty */
  std::set<std::string> external_fns;   /* treated as not compiled by us */
  std::set<std::string> instrumented_fns;  /* treated as compiled by us */
  std::set<std::string> external_headers;  /* declarations here are external */
  bool no_hoist = false;                /* translate in place, not in preheaders */
  bool no_raw_params = false;           /* callees translate all their parameters */
  bool no_track = false;                /* no pin sets or safepoints */
  bool all_pins = false;                /* no pin elision (pin-sets.cc) */
};
extern alaska_options alaska_opts;

/* alaska-plugin.cc */
tree alaska_gc_keep (tree t);   /* t, kept alive across passes by a GC root */
/* The declaration of libalaska's void *name (void *) (or void (const void
 * *) with returns_void), nothrow, made once and kept. */
tree alaska_runtime_fn (const char *name, bool returns_void);
/* The handler of the plugin's attributes, which all take no arguments
 * and apply to functions only: a warning and no attribute elsewhere. */
tree alaska_function_attribute (tree *node, tree name, tree args, int flags, bool *no_add);
/* fndecl's assembler name without the `*' that marks it as written
 * verbatim (an asm label): the symbol the linker sees. */
const char *alaska_asm_name (tree fndecl);

/* version-check.cc */
bool alaska_version_ok (const struct plugin_gcc_version *running);

/* pass-replace-alloc.cc */
opt_pass *make_pass_alaska_replace_alloc (gcc::context *ctxt);
void alaska_replace_alloc_in_initializers (void *gcc_data, void *user_data);
void alaska_register_attributes (void *gcc_data, void *user_data);
tree alaska_replacement_decl (tree fndecl);
/* Rewrite each address of a function f taken in stmt's operands (not a
 * direct call's callee), or in vnode's initializer with its references
 * rebuilt, to the address of map (f, arg) where that is not NULL_TREE;
 * the number rewritten. */
typedef tree (*alaska_address_map) (tree fndecl, void *arg);
unsigned alaska_redirect_addresses_in_stmt (gimple *stmt, alaska_address_map map, void *arg);
unsigned alaska_redirect_addresses_in_initializer (varpool_node *vnode, alaska_address_map map,
                                                   void *arg);

/* pass-translate.cc */
enum alaska_placement {
  ALASKA_IN_LOOP_PIPELINE,      /* before ivopts: functions with loops, -O1+ */
  ALASKA_AFTER_NO_LOOP,         /* loop-free functions, -fno-tree-loop-optimize */
  ALASKA_BEFORE_OPTIMIZED       /* -O0, -Og */
};
opt_pass *make_pass_alaska_translate (gcc::context *ctxt, enum alaska_placement where);
bool alaska_function_instrumented (function *fun);
tree alaska_entry_type ();              /* the type of handle-table loads */

/* roots.cc: can a value come back only by a computed goto, not by setjmp
 * or a nonlocal goto to a point whose pins and deltas were made for
 * another? */
bool alaska_abnormal_only_goto_p (function *fun);
/* One step back from def, the definition of a pointer-sized
 * value: the value it was derived from by pointer arithmetic (offset is
 * then the offset), a copy, a conversion from another 64-bit value, or an
 * element or field address (&q->f, &MEM[q + c]; address is set, and for
 * the address of a declaration `from' is that ADDR_EXPR itself).  from is
 * NULL_TREE for any other definition. */
struct alaska_pointer_step
{
  tree from = NULL_TREE;
  tree offset = NULL_TREE;
  bool address = false;
};
alaska_pointer_step alaska_step_back (gimple *def);

/* raw-params.cc: bit i set: parameter i of the function arrives translated
 * (its callers translate and pin it).  Decide fun's own before its body is
 * instrumented; ask about a callee at each call (fixing it at 0 if it was
 * not decided yet). */
#define ALASKA_MAX_RAW_PARAMS 32        /* the bits of those masks */
static inline bool alaska_raw_param_p (unsigned mask, unsigned i)
{
  return i < ALASKA_MAX_RAW_PARAMS && (mask >> i & 1);
}
unsigned alaska_decide_raw_params (function *fun);
unsigned alaska_raw_params_of (tree fndecl);
void alaska_find_sort_callbacks (void *gcc_data, void *user_data);

/* safepoints.cc */
struct alaska_safepoint_counts
{
  unsigned entry, latch, call;
  gimple *entry_stmt;           /* the entry safepoint */
};
alaska_safepoint_counts alaska_insert_safepoints (function *fun, tree pins, unsigned slots);
void alaska_insert_function_note (function *fun);

/* external-thunks.cc */
void alaska_thunk_external_addresses (void *gcc_data, void *user_data);

/* indirect-calls.cc: send an indirect call whose target is not in the
 * main program's instrumented code through libalaska's trampoline; true
 * if the call was changed (it then loads memory). */
bool alaska_guard_indirect_call (gcall *call, gimple_stmt_iterator *gsi);

/* notes.cc */
void alaska_note_assumed (tree fndecl, const gcall *call);
void alaska_emit_unit_records (void *gcc_data, void *user_data);

#endif
