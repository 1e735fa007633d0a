/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gcc-includes.h: the GCC internal headers the plugin uses, in the order
 * GCC requires, and the C++ library headers, which system.h includes
 * itself (INCLUDE_*) before it poisons names they may use.  Every plugin
 * source includes this and no GCC or C++ library header directly.
 * (alaska-abi.h goes before it: GCC poisons the names malloc, calloc, ...
 * it mentions.)  The plugin is written against GCC 12 only. */
#ifndef ALASKA_GCC_INCLUDES_H
#define ALASKA_GCC_INCLUDES_H

#define INCLUDE_STRING
#define INCLUDE_MAP
#define INCLUDE_SET
#define INCLUDE_VECTOR
#define INCLUDE_FUNCTIONAL
#include "gcc-plugin.h"
#include "bversion.h"
#include "config.h"
#include "system.h"
#include "coretypes.h"
#include "backend.h"
#include "tm.h"
#include "tree.h"
#include "gimple.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfghooks.h"
#include "cfgloop.h"
#include "ssa.h"
#include "tree-ssanames.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "gimple-pretty-print.h"
#include "gimplify.h"
#include "gimplify-me.h"
#include "tree-iterator.h"
#include "tree-cfg.h"
#include "tree-into-ssa.h"
#include "tree-ssa-loop.h"
#include "tree-ssa-loop-manip.h"
#include "tree-scalar-evolution.h"
#include "tree-dfa.h"
#include "dominance.h"
#include "cgraph.h"
#include "stringpool.h"
#include "attribs.h"
#include "diagnostic-core.h"
#include "dumpfile.h"
#include "fold-const.h"
#include "stor-layout.h"
#include "varasm.h"
#include "builtins.h"
#include "langhooks.h"
#include "output.h"
#include "print-tree.h"
#include "internal-fn.h"
#include "gimple-fold.h"
#include "statistics.h"

#if BUILDING_GCC_MAJOR != 12
#error "gcc-alaska's plugin is written against GCC 12"
#endif

#endif
