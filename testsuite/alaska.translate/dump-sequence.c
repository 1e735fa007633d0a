/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The inline translation (alaska-abi.h) on x86-64: per translation a
   shift and one table load with a 32-bit displacement and an index
   scaled by 8, no compare and no cmov: the add of the entry goes into
   the address of the access (base + index).  Here two translations, of
   pp and of the pointer loaded through it. */
/* { dg-do compile { target x86_64-*-* } } */
long get (long **pp)
{
  return **pp;
}
/* { dg-final { scan-alaska-dump-fn-times get "^alaska: translate " 2 } } */
/* { dg-final { scan-alaska-asm-times "movq\\s+1879048192\\(,%r\[a-z0-9\]+,8\\)" 2 } } */
/* { dg-final { scan-alaska-asm-times "shrq\\s+\\\$32" 2 } } */
/* { dg-final { scan-alaska-asm-times "\\(%r\[a-z0-9\]+,%r\[a-z0-9\]+\\)" 2 } } */
/* { dg-final { scan-alaska-asm-not "cmov|\\msal|\\mshl|\\mcmp" } } */
