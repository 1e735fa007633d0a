/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plugin loads: alaska-gcc -c of a trivial file succeeds without any diagnostic. */
/* { dg-do assemble } */

int f (int x)
{
  return x + 1;
}
