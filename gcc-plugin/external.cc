/* external.cc: the rule that decides which callees the plugin did not
 * compile, so that handles must be translated before they reach them.
 *
 * Under ordinary separate compilation the plugin sees one unit at a time,
 * so the rule uses only what the unit declares:
 *   1. libalaska's own entry points take handles as they are;
 *   2. __attribute__((alaska_external)) / ((alaska_instrumented)) on the
 *      declaration, and -fplugin-arg-alaska-external=FN,... /
 *      -fplugin-arg-alaska-instrumented=FN,... decide first;
 *   3. a function defined (with a body to emit) in this unit is
 *      instrumented;
 *   4. GCC builtins are external;
 *   5. functions declared in a system header are external, as are those
 *      declared in a header whose path contains a string given with
 *      -fplugin-arg-alaska-external-header=STR,...;
 *   6. everything else is assumed to be compiled by the plugin in another
 *      unit of the program.  Indirect calls are assumed instrumented too.
 * Assumption 6 is recorded in the object file and checked at start-up
 * (see notes.cc and libalaska/link-check.c).
 *
 * Among external callees, those the C library does not export (looked up
 * in the libc.so.6 and libm.so.6 that cc1 itself runs with) belong to other
 * libraries, which may keep the pointers they are given (libevent's
 * event_assign): objects passed to them are pinned for good. */
#include <dlfcn.h>
#include "gcc-common.h"
#include "alaska-plugin.h"
#include "external.h"
#include "libc-model.h"

const char *alaska_callee_name (const gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  return fndecl ? alaska_libc_name (fndecl) : NULL;
}

static bool declared_in_external_header (tree fndecl)
{
  location_t loc = DECL_SOURCE_LOCATION (fndecl);
  if (in_system_header_at (loc))
    return true;
  if (alaska_opts.external_headers.empty ())
    return false;
  const char *file = LOCATION_FILE (loc);
  if (!file)
    return false;
  for (const std::string &s : alaska_opts.external_headers)
    if (strstr (file, s.c_str ()))
      return true;
  return false;
}

static bool defined_here (tree fndecl)
{
  cgraph_node *node = cgraph_node::get (fndecl);
  return node && node->definition && !DECL_EXTERNAL (fndecl);
}

enum alaska_callee alaska_classify_decl (tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  if (alaska_is_runtime_function (name))
    return CALLEE_RUNTIME;
  tree attrs = DECL_ATTRIBUTES (fndecl);
  if (lookup_attribute ("alaska_external", attrs) || alaska_opts.external_fns.count (name))
    return CALLEE_EXTERNAL;
  if (lookup_attribute ("alaska_instrumented", attrs)
      || alaska_opts.instrumented_fns.count (name))
    return CALLEE_INSTRUMENTED;
  if (defined_here (fndecl))
    return CALLEE_INSTRUMENTED;
  if (fndecl_built_in_p (fndecl))
    return CALLEE_EXTERNAL;
  if (declared_in_external_header (fndecl))
    return CALLEE_EXTERNAL;
  return CALLEE_INSTRUMENTED;
}

enum alaska_callee alaska_classify_call (const gcall *call)
{
  if (gimple_call_internal_p (call))
    return CALLEE_INTERNAL;
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl)
    return CALLEE_INSTRUMENTED;
  return alaska_classify_decl (fndecl);
}

bool alaska_assumed_instrumented (tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return alaska_classify_decl (fndecl) == CALLEE_INSTRUMENTED
         && !defined_here (fndecl)
         && !lookup_attribute ("alaska_instrumented", DECL_ATTRIBUTES (fndecl))
         && !alaska_opts.instrumented_fns.count (name);
}

static tree handle_fn_attr (tree *node, tree name, tree, int, bool *no_add)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute applies only to functions", name);
      *no_add = true;
    }
  return NULL_TREE;
}

static struct attribute_spec external_attr = {
  "alaska_external", 0, 0, true, false, false, false, handle_fn_attr, NULL
};
static struct attribute_spec instrumented_attr = {
  "alaska_instrumented", 0, 0, true, false, false, false, handle_fn_attr, NULL
};

void alaska_register_external_attributes ()
{
  register_attribute (&external_attr);
  register_attribute (&instrumented_attr);
}

bool alaska_foreign_callee (const gcall *call)
{
  static void *libs[2];
  static bool opened;
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl || fndecl_built_in_p (fndecl) || !DECL_NAME (fndecl))
    return false;
  if (!opened)
    {
      opened = true;
      libs[0] = dlopen ("libc.so.6", RTLD_LAZY);
      libs[1] = dlopen ("libm.so.6", RTLD_LAZY);
    }
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  if (*name == '*')
    name++;
  for (void *lib : libs)
    if (lib && dlsym (lib, name))
      return false;
  return true;
}
