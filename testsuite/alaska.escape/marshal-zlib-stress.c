/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-zlib.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while the library runs; the same
   exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-options "-Wl,--no-as-needed -lz" } */
/* { dg-output "^chunk 0: 20000 -> small -> 20000, same\n" } */
/* { dg-output "chunk 7: 20000 -> small -> 20000, same\n" } */
/* { dg-output "chunk 1000: 20000 -> small -> 20000, same\n" } */
/* { dg-output "zalloc called: yes\n$" } */
#include "marshal-zlib.c"
