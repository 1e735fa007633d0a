/* SPDX-License-Identifier: GPL-3.0-or-later */
/* alaska.runtime/usable-size-known.c on Anchorage: every answer from the
   table is the size of the block's class, as the service gives it. */
/* { dg-do run } */
/* { dg-alaska-mode plain } */
/* { dg-env "ANCHORAGE_CONTROL=0" } */
/* { dg-exit-status 134 } */
/* { dg-output "^first 48\nchecked 6194, wrong 0\nhandle (0x\[0-9a-f\]+)\nalaska: malloc_usable_size of freed handle \\1\n$" } */
#include "../alaska.runtime/usable-size-known.c"
