/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-iconv.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^steps 5 in 1 at 21 out 1 at 17 flush 0 out 17 same 1\n$" } */
#include "marshal-iconv.c"
