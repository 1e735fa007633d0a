/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wrap-getsubopt.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^0 value 4096 handle 1 offset 10 moved 1\n" } */
/* { dg-output "2 value none handle 0 offset 0 moved 1\n" } */
/* { dg-output "-1 value bogus=1 handle 1 offset 34 moved 1\n" } */
/* { dg-output "1 value 7 handle 1 offset 50 moved 1\n" } */
/* { dg-output "end 1 string item_size=4096\n$" } */
#include "wrap-getsubopt.c"
