/* SPDX-License-Identifier: GPL-3.0-or-later */
/* raw-alloc with an empty value (-fplugin-arg-alaska-raw-alloc=) is an error too, and every bad argument is reported. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-alaska-raw-alloc= -fplugin-arg-alaska-no-replace=yes" } */
/* { dg-error "error: '-fplugin-arg-alaska-raw-alloc' needs a value: 'raw-alloc=FN,\\.\\.\\.'" "empty value" { target *-*-* } 0 } */
/* { dg-error "error: '-fplugin-arg-alaska-no-replace' takes no value" "second bad argument" { target *-*-* } 0 } */
/* { dg-error "error: failed to initialize plugin" "plugin not initialized" { target *-*-* } 0 } */
/* { dg-error "the compiler exited with status 1" "exit status" { target *-*-* } 0 } */

int x;
