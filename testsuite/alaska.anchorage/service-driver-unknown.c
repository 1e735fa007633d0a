/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An unknown --alaska-service is an error of the driver, naming it. */
/* { dg-do link } */
/* { dg-options "--alaska-service=jemalloc" } */
/* { dg-error "error: unknown service 'jemalloc' in --alaska-service=jemalloc \\(known: anchorage, malloc\\)" "" { target *-*-* } 0 } */
/* { dg-error "the compiler exited with status 1" "" { target *-*-* } 0 } */
int main (void) { return 0; }
