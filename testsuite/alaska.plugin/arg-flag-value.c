/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A flag argument given a value (-fplugin-arg-alaska-verbose=1) is an error: "takes no value". */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-alaska-verbose=1" } */
/* { dg-error "error: '-fplugin-arg-alaska-verbose' takes no value" "flag with value" { target *-*-* } 0 } */
/* { dg-error "error: failed to initialize plugin" "plugin not initialized" { target *-*-* } 0 } */
/* { dg-error "the compiler exited with status 1" "exit status" { target *-*-* } 0 } */

int x;
