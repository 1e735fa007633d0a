/* SPDX-License-Identifier: GPL-3.0-or-later */
/* -fplugin-arg-alaska-verbose counts calls and address uses per function. */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-alaska-verbose" } */
/* Notes of the plugin's other passes are not checked here.  */
/* { dg-prune-output {note: alaska: (?!\d+ allocation calls and \d+ address uses replaced in)} } */
#include <stdlib.h>
#include <string.h>

extern void use (void *(*) (size_t), void (*) (void *));
void *sink[4];

void two_calls_one_addr (size_t n) /* { dg-message "note: alaska: 2 allocation calls and 1 address uses replaced in 'two_calls_one_addr'" "two calls" } */
{
  sink[0] = malloc (n);
  sink[1] = strdup ("x");
  use (malloc, 0);
}

void addr_only (void) /* { dg-message "note: alaska: 0 allocation calls and 2 address uses replaced in 'addr_only'" "address only" } */
{
  use (malloc, free);
}

int none (int x) /* { dg-bogus "allocation calls" "no note without allocations" } */
{
  return x + 1;
}
