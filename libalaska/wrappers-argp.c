/* SPDX-License-Identifier: MIT */
/* wrappers-argp.c: handle-aware versions of argp_parse and argp_help
 * (ALASKA_WRAPPERS in alaska-abi.h), which read the program's option tree
 * -- a struct argp, its array of struct argp_option and its children's
 * trees, all full of pointers -- and call the program's parser.
 *
 * Option trees are static data in practice: one that holds a handle stops
 * the program with a message naming the function, before the C library
 * reads it.  So do command-line words that are handles: the parser gets
 * pointers into them, which it may keep.  A vector of words that is a
 * handle itself is kept in place for good (argp permutes it, and the
 * parser sees it as state->argv).  The input stays as the program gave
 * it: argp hands it to the parser, never following it.  The argp_state
 * the parser is given, and passes to argp_error and the other helpers, is
 * the library's (LIBC_MEMORY arg0 in tools/libc-behaviour.txt). */
#define _GNU_SOURCE
#include <alloca.h>
#include <argp.h>
#include <string.h>
#include "internal.h"

static void no_handle(const void *p, const char *fn, const char *what)
{
  if (alaska_live_handle((uintptr_t) p))
    alaska_fatal("%s: %s is a handle (%p), which the C library would read untranslated; "
                 "this is not supported (see alaska(7), LIMITS)", fn, what, p);
}

static int option_end(const struct argp_option *o)
{
  return !o->key && !o->name && !o->doc && !o->group;
}

/* Stop if the tree of argp holds a handle. */
static void check_tree(const struct argp *argp, const char *fn, int depth)
{
  no_handle(argp, fn, "the struct argp");
  if (!argp || depth > 64)
    return;
  no_handle(argp->options, fn, "an array of argp options");
  no_handle(argp->args_doc, fn, "an argp's args_doc");
  no_handle(argp->doc, fn, "an argp's doc");
  no_handle(argp->children, fn, "an array of argp children");
  no_handle(argp->argp_domain, fn, "an argp's domain");
  for (const struct argp_option *o = argp->options; o && !option_end(o); o++) {
    no_handle(o->name, fn, "an argp option's name");
    no_handle(o->arg, fn, "an argp option's arg");
    no_handle(o->doc, fn, "an argp option's doc");
  }
  for (const struct argp_child *c = argp->children; c && c->argp; c++) {
    no_handle(c->header, fn, "an argp child's header");
    check_tree(c->argp, fn, depth + 1);
  }
}

ALASKA_API error_t alaska_argp_parse(const struct argp *argp, int argc, char **argv,
                                     unsigned flags, int *arg_index, void *input)
{
  check_tree(argp, "argp_parse", 0);
  if (alaska_live_handle((uintptr_t) argv)) {
    alaska_keep(argv);
    argv = alaska_translate(argv);
  }
  for (int i = 0; argv && i < argc; i++)
    no_handle(argv[i], "argp_parse", "a command-line word");
  /* The index is written at the end, after the parser ran: into a local. */
  int index = 0;
  error_t r = argp_parse(argp, argc, argv, flags, arg_index ? &index : NULL, input);
  if (arg_index)
    *(int *) alaska_translate(arg_index) = index;
  return r;
}

ALASKA_API void alaska_argp_help(const struct argp *argp, FILE *stream, unsigned flags,
                                 char *name)
{
  check_tree(argp, "argp_help", 0);
  /* A copy of the name: the program's help filter may run meanwhile. */
  char *n = name ? strdupa(alaska_translate(name)) : NULL;
  argp_help(argp, stream, flags, n);
}
