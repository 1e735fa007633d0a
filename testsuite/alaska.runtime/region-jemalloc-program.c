/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A program whose malloc is jemalloc's (linked with -ljemalloc): the malloc service's jemalloc is libalaska's own copy, so the program's jemalloc binds no thread to another arena, the program's own blocks stay outside the backing region, and its handles' backing is inside. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-options "-Wl,--no-as-needed -ljemalloc -ldl" } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^libjemalloc.so loaded 1\nmain: before 0 after 0\nworker: before 0 after 0\nidle: 0\nbacking in region 1 1\nmalloc in region 0\n$" } */
#include "region-arena.h"
