/* SPDX-License-Identifier: GPL-3.0-or-later */
/* external.h: deciding whether a call leaves instrumented code. */
#ifndef ALASKA_EXTERNAL_H
#define ALASKA_EXTERNAL_H

enum alaska_callee {
  CALLEE_INSTRUMENTED,  /* compiled by the plugin: handles pass as they are */
  CALLEE_EXTERNAL,      /* not compiled by us: pointer arguments are translated */
  CALLEE_RUNTIME,       /* libalaska's handle-aware entry points */
  CALLEE_INTERNAL       /* a GCC internal function */
};

enum alaska_callee alaska_classify_call (const gcall *call);
enum alaska_callee alaska_classify_decl (tree fndecl);
/* The libc name of a call's target with any __builtin_ prefix removed. */
const char *alaska_callee_name (const gcall *call);
/* Was fndecl assumed instrumented only because it is declared outside
 * system headers (it is not defined in this unit)? */
bool alaska_assumed_instrumented (tree fndecl);
/* Is fndecl external only because the C library exports its name (rule 6
 * of external.cc), so that the program may define it in another unit? */
bool alaska_external_by_libc_name (tree fndecl);
void alaska_register_external_attributes ();
/* Is an external call's target in another library than the C library
 * (libc.so.6, libm.so.6), which may keep the pointers it is given? */
bool alaska_foreign_callee (const gcall *call);

#endif
