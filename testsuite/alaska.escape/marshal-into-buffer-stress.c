/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-into-buffer.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^passwd: 0 root uid 0 result is pwd 1 name in buf 1 dir in buf 1\n" } */
/* { dg-output "group: 0 root gid 0 result is grp 1 name in buf 1\n$" } */
#include "marshal-into-buffer.c"
