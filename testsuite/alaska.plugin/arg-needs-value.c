/* SPDX-License-Identifier: GPL-3.0-or-later */
/* raw-alloc without a value (-fplugin-arg-alaska-raw-alloc) is an error: "needs a value". */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-alaska-raw-alloc" } */
/* { dg-error "error: '-fplugin-arg-alaska-raw-alloc' needs a value: 'raw-alloc=FN,\\.\\.\\.'" "missing value" { target *-*-* } 0 } */
/* { dg-error "error: failed to initialize plugin" "plugin not initialized" { target *-*-* } 0 } */
/* { dg-error "the compiler exited with status 1" "exit status" { target *-*-* } 0 } */

int x;
