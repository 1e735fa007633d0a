/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The K&R program of kr-libc.c built with -fno-builtin, while objects
   move at every barrier. */
/* { dg-do run } */
/* { dg-options "-Wall -Wno-builtin-declaration-mismatch -fno-builtin" } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^handles 1\natoi 12345 atol 1234567890 atof 2.50\nstrlen 11\nstrcpy hello world\nstrcmp 0 1\nsprintf \\\[42 hello world\\\]\nqsort apple banana cherry\n$" } */
#include "kr-libc.h"
