/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wrap-cmsg.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object; the same exact output. */
/* { dg-do run } */
/* { dg-options "-fno-inline" } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^next at 24 handle 1 type 1\n" } */
/* { dg-output "moved 1: next at 24 handle 1 type 1\n" } */
/* { dg-output "after the last: null 1\n$" } */
#include "wrap-cmsg.c"
