/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska_raw_alloc on something other than a function is ignored with a warning. */
/* { dg-do compile } */

int x __attribute__((alaska_raw_alloc)); /* { dg-warning "'alaska_raw_alloc' attribute applies only to functions" } */
