/* SPDX-License-Identifier: GPL-3.0-or-later */
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
 *   5. functions declared in a system header are external (not in a header
 *      of the build tree, named by a relative path, that makes itself one
 *      with `#pragma GCC system_header', as gnulib's do), as are those
 *      declared in a header whose path contains a string given with
 *      -fplugin-arg-alaska-external-header=STR,...;
 *   6. functions whose name the C library exports are external wherever
 *      they are declared: K&R code's `int atoi();', prototypes a program
 *      writes itself, gnulib's replacement headers (lib/regex.h);
 *   7. everything else is assumed to be compiled by the plugin in another
 *      unit of the program.  Indirect calls are assumed instrumented too.
 * Assumption 7 is recorded in the object file and checked at start-up
 * (see notes.cc and libalaska/link-check.c).
 *
 * "The C library" is the dynamic symbol tables of the libc.so.6 and
 * libm.so.6 that cc1 itself runs with (the libraries merged into libc,
 * libpthread, libdl and librt among them, are in libc.so.6's): the ones a
 * native program runs with.  A program that defines such a function in
 * another unit (gnulib's obstack.c defines _obstack_free) must still get
 * handles, and pointers in what they point to, as they are: calls that
 * rule 6 alone makes external go through a thunk that calls the program's
 * own definition when the link has one (external-thunks.cc).
 *
 * Among external callees, those the C library does not export belong to
 * other libraries, which may keep the pointers they are given (libevent's
 * event_assign): objects passed to them are pinned for good. */
#include <dlfcn.h>
#include "gcc-includes.h"
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
  const char *where = LOCATION_FILE (loc);
  /* A header of the build tree (a relative path: gnulib's lib/time.h,
   * which says `#pragma GCC system_header') declares the program's own
   * functions (tzalloc) beside the C library's (rule 6). */
  if (in_system_header_at (loc) && (!where || *where == '/' || *where == '<'))
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

/* Does the C library export the function named by fndecl's assembler
 * name?  Answers are cached by identifier. */
static bool libc_exports (tree fndecl)
{
  static void *libs[2];
  static bool opened;
  static hash_map<tree, bool> *known;
  if (!DECL_NAME (fndecl))
    return false;
  if (!opened)
    {
      opened = true;
      libs[0] = dlopen ("libc.so.6", RTLD_LAZY);
      libs[1] = dlopen ("libm.so.6", RTLD_LAZY);
      known = new hash_map<tree, bool>;
    }
  tree id = DECL_ASSEMBLER_NAME (fndecl);
  if (bool *seen = known->get (id))
    return *seen;
  const char *name = alaska_asm_name (fndecl);
  bool found = false;
  for (void *lib : libs)
    if (lib && dlsym (lib, name))
      found = true;
  known->put (id, found);
  return found;
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
  if (libc_exports (fndecl))
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

bool alaska_external_by_libc_name (tree fndecl)
{
  return alaska_classify_decl (fndecl) == CALLEE_EXTERNAL
         && !fndecl_built_in_p (fndecl)
         && !lookup_attribute ("alaska_external", DECL_ATTRIBUTES (fndecl))
         && !alaska_opts.external_fns.count (IDENTIFIER_POINTER (DECL_NAME (fndecl)))
         && !declared_in_external_header (fndecl);
}

bool alaska_assumed_instrumented (tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_NAME (fndecl));
  return alaska_classify_decl (fndecl) == CALLEE_INSTRUMENTED
         && !defined_here (fndecl)
         && !lookup_attribute ("alaska_instrumented", DECL_ATTRIBUTES (fndecl))
         && !alaska_opts.instrumented_fns.count (name);
}

static struct attribute_spec external_attr = {
  "alaska_external", 0, 0, true, false, false, false, alaska_function_attribute, NULL
};
static struct attribute_spec instrumented_attr = {
  "alaska_instrumented", 0, 0, true, false, false, false, alaska_function_attribute, NULL
};

void alaska_register_external_attributes ()
{
  register_attribute (&external_attr);
  register_attribute (&instrumented_attr);
}

bool alaska_foreign_callee (const gcall *call)
{
  tree fndecl = gimple_call_fndecl (call);
  if (!fndecl || fndecl_built_in_p (fndecl) || !DECL_NAME (fndecl))
    return false;
  return !libc_exports (fndecl);
}
