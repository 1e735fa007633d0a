/* SPDX-License-Identifier: GPL-3.0-or-later */
/* export-obstack.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object; the same exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^malloc: alpha beta gamma x n=42 delta used 1 other moved 1 chunk kept 1\n" } */
/* { dg-output "own: alpha beta gamma x n=42 delta used 1 other moved 1 chunk kept 1 chunks 2\n" } */
/* { dg-output "freed: empty 1\n$" } */
#include "export-obstack.c"
