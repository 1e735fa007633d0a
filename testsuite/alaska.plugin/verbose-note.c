/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gcc -fplugin=alaska.so -fplugin-arg-alaska-verbose (no driver) notes the replacement in a function that calls malloc, and nothing elsewhere. */
/* { dg-do compile } */
/* { dg-alaska-mode fplugin } */
/* { dg-options "-fplugin-arg-alaska-verbose" } */
/* Notes of the plugin's other passes are not checked here.  */
/* { dg-prune-output {note: alaska: (?!\d+ allocation calls and \d+ address uses replaced in)} } */
#include <stdlib.h>

void *f (void) /* { dg-message "note: alaska: 1 allocation calls and 0 address uses replaced in 'f'" "replacement note" } */
{
  return malloc (10);
}

int g (int x) /* { dg-bogus "allocation calls" "no note without allocations" } */
{
  return x * 2;
}
/* { dg-final { scan-alaska-asm-fn f {(call|jmp)\s+halloc\M} } } */
