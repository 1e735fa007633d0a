/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-png.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-options "-Wl,--no-as-needed -lpng16" } */
/* { dg-output "^written \[1-9\]\\d* bytes\nread 37x23 format 3 same 1\n$" } */
#include "marshal-png.c"
