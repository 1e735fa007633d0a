/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gcc-common.h: the GCC internal headers the plugin uses, in the order GCC
 * requires, plus the few compatibility shims between GCC versions.  Every
 * plugin source includes this and no GCC header directly.  (alaska-abi.h
 * goes before it: GCC poisons the names malloc, calloc, ... it mentions.) */
#ifndef ALASKA_GCC_COMMON_H
#define ALASKA_GCC_COMMON_H

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

#if BUILDING_GCC_MAJOR != 12
#error "gcc-alaska's plugin is written against GCC 12"
#endif

#endif
