/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-mbs.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^wide: 3 at 4 1, 3 at 8 1, 3 at 14 1, 3 at 17 1, 0 at -1 0, total 12\n" } */
/* { dg-output "back: 4 at 3 1, 4 at 6 1, 4 at 8 1, 4 at 11 1, 1 at -1 0, same 1\n$" } */
#include "marshal-mbs.c"
