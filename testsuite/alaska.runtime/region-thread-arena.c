/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The malloc service's jemalloc is libalaska's own copy: a program that allocates handles on it, in the main thread and in another, never loads libjemalloc.so, its handles' backing lies in the backing region, and the program's malloc stays the C library's (outside the region). */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-options "-ldl" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^libjemalloc.so loaded 0\nbacking in region 1 1\nmalloc in region 0\n$" } */
#include "region-arena.h"
