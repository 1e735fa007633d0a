/* SPDX-License-Identifier: GPL-3.0-or-later */
/* glob-altdirfunc-moving.c with 64-bit file offsets: glob is glob64 and
   globfree globfree64 (libalaska's alaska_glob64); the same exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^glob 0: count 3 a.c b.c c.c\n" } */
/* { dg-output "opendir 1 readdir 8 closedir 1 moved 8\n" } */
/* { dg-output "globfree: vector null 1\n$" } */
#define _FILE_OFFSET_BITS 64
#define MOVING 1
#include "glob-altdirfunc.c"
