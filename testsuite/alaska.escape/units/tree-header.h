/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A header of the program's build tree that makes itself a system header,
   as gnulib's lib/time.h does, and declares a function of the program's
   own (tree-header-own.c) beside the C library's, as lib/time.h declares
   tzalloc and tzfree (build-tree-header.exp).  */
#pragma GCC system_header
#include <stddef.h>
size_t own_length (const char *s);
extern int own_length_handles;
