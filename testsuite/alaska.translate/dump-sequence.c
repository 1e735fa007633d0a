/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The inline translation (alaska-abi.h) on x86-64: per translation one
   table load with a 32-bit displacement and a scaled index, a signed
   max (cmp, cmov), no shift of the entry: it goes into the address of
   the access as an index scaled by 8.  Here two translations, of pp and
   of the pointer loaded through it. */
/* { dg-do compile { target x86_64-*-* } } */
long get (long **pp)
{
  return **pp;
}
/* { dg-final { scan-alaska-dump-fn-times get "^alaska: translate " 2 } } */
/* { dg-final { scan-alaska-asm-times "movl\\s+1879048192\\(,%r\[a-z0-9\]+,4\\)|mov\\s+0x70000000\\(,%r\[a-z0-9\]+,4\\)" 2 } } */
/* { dg-final { scan-alaska-asm-times "cmovl" 2 } } */
/* { dg-final { scan-alaska-asm-times "\\(%r\[a-z0-9\]+,%r\[a-z0-9\]+,8\\)" 2 } } */
/* { dg-final { scan-alaska-asm-not "\\msal|\\mshl" } } */
