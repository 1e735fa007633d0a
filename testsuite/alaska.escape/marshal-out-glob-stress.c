/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-out-glob.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^glob 0 0 moved 1: count 3 offs 2 null 2 a.txt b.txt c.log\n" } */
/* { dg-output "globfree: vector null 1\n" } */
/* { dg-output "wordexp 0 0 moved 1: count 3 offs 1 null 1 one two three\n" } */
/* { dg-output "wordfree: vector null 1\n" } */
/* { dg-output "scandir 3 moved 1: a.txt b.txt c.log\n$" } */
#include "marshal-out-glob.c"
