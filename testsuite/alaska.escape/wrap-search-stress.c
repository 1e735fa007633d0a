/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wrap-search.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object; the same exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^hsearch: one 1 two 2 three missing 1 again 1 data handles 1 finder moved 1\n" } */
/* { dg-output "hsearch_r: alpha 10 beta 20 gamma missing 1 data handles 1\n" } */
/* { dg-output "queue: a b c handles 1 moved 1\n" } */
/* { dg-output "removed b: a c\n" } */
/* { dg-output "removed a: c back null 1\n$" } */
#include "wrap-search.c"
