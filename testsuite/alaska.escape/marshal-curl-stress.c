/* SPDX-License-Identifier: GPL-3.0-or-later */
/* marshal-curl.c under ALASKA_STRESS=1: a barrier every millisecond too,
   moving every unpinned object, also while curl runs; the same exact
   output. */
/* { dg-do run } */
/* { dg-require-pkg "libcurl" } */
/* { dg-env "ALASKA_STRESS=1" "ALASKA_SERVICE=malloc" } */
/* { dg-options "-Wl,--no-as-needed -lcurl" } */
/* { dg-output "^GET /doc/0: 200, 70000 bytes, same\n" } */
/* { dg-output "POST /form/1: 200, 1001 bytes sent, echo same\n" } */
/* { dg-output "GET /doc/2: 200, 70002 bytes, same\n" } */
/* { dg-output "POST /form/3: 200, 3003 bytes sent, echo same\n" } */
/* { dg-output "GET /doc/4: 200, 70004 bytes, same\n" } */
/* { dg-output "POST /form/5: 200, 5005 bytes sent, echo same\n" } */
/* { dg-output "CURLINFO_PRIVATE gave back the handle: 6 of 6\n" } */
/* { dg-output "callbacks: many, moving objects in all\nserver: 6 requests\n$" } */
#include "marshal-curl.c"
