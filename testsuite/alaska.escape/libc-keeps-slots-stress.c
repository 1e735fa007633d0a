/* SPDX-License-Identifier: GPL-3.0-or-later */
/* libc-keeps-slots.c under ALASKA_STRESS=1: a barrier every millisecond
   too, moving every unpinned object, also while the aio worker runs; the
   same exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_STRESS=1" } */
/* { dg-output "^aio_read 0 12 asynchronous\nhandler on the alternate stack: 1\n$" } */
#include "libc-keeps-slots.c"
