/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-out-arrays.c under ALASKA_STRESS=1: a barrier every millisecond
   too, moving every unpinned object, also while the library runs; the
   same exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^group wheel 10 members alice bob: moved 1 handles 5 of 5\n" } */
/* { dg-output "group staff 50 members carol: moved 1 handles 4 of 4\n" } */
/* { dg-output "group none 60 members: moved 1 handles 3 of 3\n" } */
/* { dg-output "groups end 2 result null 1\n" } */
/* { dg-output "host localhost 127.0.0.1: moved 1 handles all 1\n" } */
/* { dg-output "service http 80 tcp alias www: moved 1 handles all 1\n" } */
/* { dg-output "protocol tcp 6 alias TCP: moved 1 handles all 1\n$" } */
#include "marshal-out-arrays.c"
