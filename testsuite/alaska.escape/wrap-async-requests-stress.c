/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wrap-async-requests.c under ALASKA_STRESS=1: a barrier every millisecond
   too, moving every unpinned object, also while the library's threads
   resolve, read and write; the same exact output. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" "ALASKA_STRESS=1" } */
/* { dg-output "^wait: 0 0 127.0.0.1:80 0 127.0.0.2:81\n" } */
/* { dg-output "nowait: 0 suspend 0 0 127.0.0.3:82 request kept 1 list moved 1\n" } */
/* { dg-output "lio write: 0 5 6\n" } */
/* { dg-output "lio read: 0 suspend 0 5 hello 6 world! list moved 1\n$" } */
#include "wrap-async-requests.c"
