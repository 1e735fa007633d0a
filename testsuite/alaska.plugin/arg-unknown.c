/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An unknown plugin argument (-fplugin-arg-alaska-bogus) is an error listing the known keys; the compilation fails. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-alaska-bogus" } */
/* { dg-error "error: unknown argument '-fplugin-arg-alaska-bogus'; the alaska plugin knows: no-replace, raw-alloc=FN,\\.\\.\\., verbose" "unknown key" { target *-*-* } 0 } */
/* { dg-error "error: failed to initialize plugin \[^ \]*/gcc-plugin/\\.libs/alaska\\.so" "plugin not initialized" { target *-*-* } 0 } */
/* { dg-error "the compiler exited with status 1" "exit status" { target *-*-* } 0 } */

int x;
