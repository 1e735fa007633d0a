/* SPDX-License-Identifier: GPL-3.0-or-later */
/* glob-altdirfunc.c with a barrier at the start of each gl_readdir call,
   under the malloc service, which moves every unpinned object: the entry
   buffer moves on every one of the 8 calls, and glob still reads the
   entries the program returned. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^glob 0: count 3 a.c b.c c.c\n" } */
/* { dg-output "opendir 1 readdir 8 closedir 1 moved 8\n" } */
/* { dg-output "globfree: vector null 1\n$" } */
#define MOVING 1
#include "glob-altdirfunc.c"
