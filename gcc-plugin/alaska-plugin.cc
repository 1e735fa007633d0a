/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska-plugin.cc: the entry point of alaska.so.  Checks the GCC version,
 * parses -fplugin-arg-alaska-<key>[=<value>] against the argument table,
 * and registers the attributes and passes. */
#include "gcc-includes.h"
#include "alaska-plugin.h"
#include "external.h"

int plugin_is_GPL_compatible;

alaska_options alaska_opts;

static void split_names (const char *value, std::set<std::string> &out)
{
  std::string s (value);
  size_t start = 0;
  while (start <= s.size ())
    {
      size_t comma = s.find (',', start);
      if (comma == std::string::npos)
        comma = s.size ();
      if (comma > start)
        out.insert (s.substr (start, comma - start));
      start = comma + 1;
    }
}

struct plugin_arg_spec {
  const char *key;
  const char *value_name;       /* NULL: a flag that takes no value */
  const char *help;
  void (*apply) (const char *value);
  bool value_optional;          /* the value may be left out (apply gets NULL) */
};

static const plugin_arg_spec arg_table[] = {
  { "no-replace", NULL, "keep every allocation on malloc",
    [] (const char *) { alaska_opts.no_replace = true; } },
  { "raw-alloc", "FN,...", "allocation calls in these functions stay on malloc",
    [] (const char *v) { split_names (v, alaska_opts.raw_alloc_fns); } },
  { "verbose", NULL, "note what the plugin does in each function",
    [] (const char *) { alaska_opts.verbose = true; } },
  { "dump", "FLAGS",
    "write the alaska passes' dumps, with GCC's dump FLAGS such as details "
    "(alaska-gcc: -fdump-tree-alaska[-FLAGS])",
    [] (const char *v) { alaska_opts.dump = true; alaska_opts.dump_flags = v ? v : ""; },
    true },
  { "external", "FN,...", "treat these functions as not compiled by the plugin",
    [] (const char *v) { split_names (v, alaska_opts.external_fns); } },
  { "instrumented", "FN,...", "treat these functions as compiled by the plugin",
    [] (const char *v) { split_names (v, alaska_opts.instrumented_fns); } },
  { "external-header", "STR,...",
    "functions declared in headers whose path contains STR are external",
    [] (const char *v) { split_names (v, alaska_opts.external_headers); } },
  { "no-hoist", NULL, "translate at each access, not in loop preheaders",
    [] (const char *) { alaska_opts.no_hoist = true; } },
  { "no-raw-params", NULL, "never pass translated pointers to static functions",
    [] (const char *) { alaska_opts.no_raw_params = true; } },
  { "no-track", NULL, "emit no pin sets and no safepoints (objects never move)",
    [] (const char *) { alaska_opts.no_track = true; } },
  { "all-pins", NULL,
    "store a pin for every translation, also where no thread can stop while it is live",
    [] (const char *) { alaska_opts.all_pins = true; } },
};

/* key, key=VALUE or key[=VALUE]. */
static std::string arg_syntax (const plugin_arg_spec &a)
{
  std::string s = a.key;
  if (a.value_name)
    s += a.value_optional ? std::string ("[=") + a.value_name + "]"
                          : std::string ("=") + a.value_name;
  return s;
}

static std::string known_keys ()
{
  std::string s;
  for (const plugin_arg_spec &a : arg_table)
    {
      if (!s.empty ())
        s += ", ";
      s += arg_syntax (a);
    }
  return s;
}

static bool parse_args (const struct plugin_name_args *info)
{
  bool ok = true;
  for (int i = 0; i < info->argc; i++)
    {
      const plugin_argument &arg = info->argv[i];
      const plugin_arg_spec *spec = NULL;
      for (const plugin_arg_spec &a : arg_table)
        if (!strcmp (a.key, arg.key))
          spec = &a;
      if (!spec)
        {
          error ("unknown argument %<-fplugin-arg-%s-%s%>; the alaska plugin "
                 "knows: %s", info->base_name, arg.key, known_keys ().c_str ());
          ok = false;
        }
      else if (spec->value_name && !spec->value_optional && (!arg.value || !*arg.value))
        {
          error ("%<-fplugin-arg-%s-%s%> needs a value: %<%s=%s%>",
                 info->base_name, arg.key, arg.key, spec->value_name);
          ok = false;
        }
      else if (!spec->value_name && arg.value)
        {
          error ("%<-fplugin-arg-%s-%s%> takes no value", info->base_name, arg.key);
          ok = false;
        }
      else
        spec->apply (arg.value);
    }
  return ok;
}

tree alaska_function_attribute (tree *node, tree name, tree, int, bool *no_add)
{
  if (TREE_CODE (*node) != FUNCTION_DECL)
    {
      warning (OPT_Wattributes, "%qE attribute applies only to functions", name);
      *no_add = true;
    }
  return NULL_TREE;
}

const char *alaska_asm_name (tree fndecl)
{
  const char *name = IDENTIFIER_POINTER (DECL_ASSEMBLER_NAME (fndecl));
  return *name == '*' ? name + 1 : name;
}

static void register_attributes (void *gcc_data, void *user_data)
{
  alaska_register_attributes (gcc_data, user_data);
  alaska_register_external_attributes ();
}

/* Trees the passes keep in static variables from one function to the
 * next (the entry type, runtime declarations).  GCC's garbage collector
 * runs between passes and frees what no root reaches, so they hang from
 * this root (registered with PLUGIN_REGISTER_GGC_ROOTS). */
static vec<tree, va_gc> *kept_trees;
static const struct ggc_root_tab kept_trees_root[] = {
  { &kept_trees, 1, sizeof (kept_trees), &gt_ggc_mx_vec_tree_va_gc_,
    &gt_pch_nx_vec_tree_va_gc_ },
  LAST_GGC_ROOT_TAB
};

tree alaska_gc_keep (tree t)
{
  vec_safe_push (kept_trees, t);
  return t;
}

tree alaska_runtime_fn (const char *name, bool returns_void)
{
  static std::map<std::string, tree> made;
  tree &decl = made[name];
  if (!decl)
    {
      tree type = returns_void
        ? build_function_type_list (void_type_node, const_ptr_type_node, NULL_TREE)
        : build_function_type_list (ptr_type_node, ptr_type_node, NULL_TREE);
      decl = alaska_gc_keep (build_fn_decl (name, type));
      TREE_NOTHROW (decl) = 1;
    }
  return decl;
}

/* plugin_info.help (gcc -v --help shows it): a line for each argument
 * of the table. */
static std::string help_text (const char *base_name)
{
  std::string s = "gcc-alaska: transparent handles for movable heap objects; "
                  "see alaska-gcc(1)";
  for (const plugin_arg_spec &a : arg_table)
    {
      s += std::string ("\n-fplugin-arg-") + base_name + "-" + arg_syntax (a);
      s += std::string (": ") + a.help;
    }
  return s;
}

int plugin_init (struct plugin_name_args *info, struct plugin_gcc_version *version)
{
  if (!alaska_version_ok (version))
    return 1;
  if (!parse_args (info))
    return 1;

  static std::string help = help_text (info->base_name);
  static struct plugin_info alaska_plugin_info = { ALASKA_PACKAGE_VERSION, help.c_str () };
  register_callback (info->base_name, PLUGIN_INFO, NULL, &alaska_plugin_info);
  register_callback (info->base_name, PLUGIN_ATTRIBUTES, register_attributes, NULL);
  register_callback (info->base_name, PLUGIN_REGISTER_GGC_ROOTS, NULL,
                     const_cast<ggc_root_tab *> (kept_trees_root));

  /* Allocation replacement: early, right after SSA construction, at every
   * optimisation level. */
  struct register_pass_info replace_alloc = {
    make_pass_alaska_replace_alloc (g), "ssa", 1, PASS_POS_INSERT_AFTER
  };
  register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &replace_alloc);
  /* Translation: the first of three placements that reaches a function
   * instruments it (see pass-translate.cc). */
  static const struct { const char *ref; int instance; pass_positioning_ops pos;
                        enum alaska_placement where; } placements[] = {
    { "ivopts", 1, PASS_POS_INSERT_BEFORE, ALASKA_IN_LOOP_PIPELINE },
    { "no_loop", 1, PASS_POS_INSERT_AFTER, ALASKA_AFTER_NO_LOOP },
    { "optimized", 1, PASS_POS_INSERT_BEFORE, ALASKA_BEFORE_OPTIMIZED },
  };
  for (auto &p : placements)
    {
      struct register_pass_info rp = {
        make_pass_alaska_translate (g, p.where), p.ref, p.instance, p.pos
      };
      register_callback (info->base_name, PLUGIN_PASS_MANAGER_SETUP, NULL, &rp);
    }
  /* Dump switches naming plugin passes are rejected before plugins load,
   * so alaska-gcc turns -fdump-tree-alaska[-FLAGS] into
   * -fplugin-arg-alaska-dump[=FLAGS]. */
  if (alaska_opts.dump)
    {
      std::string flags = alaska_opts.dump_flags.empty () ? "" : "-" + alaska_opts.dump_flags;
      g->get_dumps ()->dump_switch_p (("tree-alaska" + flags).c_str ());
      g->get_dumps ()->dump_switch_p (("tree-alaska_replace" + flags).c_str ());
    }
  /* Addresses of external functions, before any body is in SSA form. */
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_START,
                     alaska_thunk_external_addresses, NULL);
  /* Function pointers to malloc in static initializers. */
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_START,
                     alaska_replace_alloc_in_initializers, NULL);
  /* Comparison functions of qsort and bsearch, while all bodies are GIMPLE. */
  register_callback (info->base_name, PLUGIN_ALL_IPA_PASSES_END,
                     alaska_find_sort_callbacks, NULL);
  register_callback (info->base_name, PLUGIN_FINISH_UNIT, alaska_emit_unit_records, NULL);
  return 0;
}
