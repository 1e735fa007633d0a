/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-getsubopt.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^0 verbose rest 8 handle 1 value - at -1 handle 0\n" } */
/* { dg-output "1 port rest 19 handle 1 value 11211 at 13 handle 1\n" } */
/* { dg-output "2 name rest 27 handle 1 value mc at 24 handle 1\n" } */
/* { dg-output "-1 \\? rest 34 handle 1 value bogus=1 at 27 handle 1\n" } */
/* { dg-output "heap cursor: 1 port 11211 at 5, end 10 handle 1\n$" } */
#include "marshal-getsubopt.c"
