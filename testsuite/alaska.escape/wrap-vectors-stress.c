/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wrap-vectors.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^fts moved 1: D . F a F b DP . entries 4\n" } */
/* { dg-output "argz moved 1: 0 length 10 count 3 second bc\n" } */
/* { dg-output "putgrent 0 moved 1: staff:x:50:alice,bob\n" } */
/* { dg-output "putsgent 0 moved 1: staff:!:root:alice,bob\n" } */
/* { dg-output "printf_size 4 moved 1: 3.0k\n" } */
/* { dg-output "backtrace_symbols 1 backtrace_symbols_fd 1\n$" } */
#include "wrap-vectors.c"
