/* SPDX-License-Identifier: GPL-3.0-or-later */
/* K&R-style code declares the C library's functions itself, without
   prototypes and without the headers, so they are not GCC's builtins and
   not declared in a system header.  The C library exports their names, so
   they are external all the same: the handles are translated for them. */
/* { dg-do run } */
/* { dg-options "-Wall -Wno-builtin-declaration-mismatch" } */
/* { dg-output "^handles 1\natoi 12345 atol 1234567890 atof 2.50\nstrlen 11\nstrcpy hello world\nstrcmp 0 1\nsprintf \\\[42 hello world\\\]\nqsort apple banana cherry\n$" } */
#include "kr-libc.h"
