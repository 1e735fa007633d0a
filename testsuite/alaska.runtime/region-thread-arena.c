/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Small blocks of the malloc service come from jemalloc's own malloc in a thread bound to the backing region's arena: a thread that allocates a handle is bound, one that never does is not, and the program's malloc stays the C library's (outside the region). */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-options "-ldl" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^main: before 0 after 1\nworker: before 0 after 1\nidle: 0\nbacking in region 1 1\nmalloc in region 0\n$" } */
#include "region-arena.h"
