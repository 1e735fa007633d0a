/* -fplugin-arg-alaska-no-track: translations as usual, but no pin set. */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska -fplugin-arg-alaska-no-track" } */
extern void tick (void);

int overlap (int *p, int *q)
{
  int a = *p;
  tick ();
  int b = *q;
  tick ();
  return a + b + *p + *q;
}
/* { dg-final { scan-alaska-dump-times "^alaska: translate " 2 } } */
/* { dg-final { scan-alaska-dump-not "pin set" } } */
/* { dg-final { scan-alaska-dump-not "safepoints" } } */
/* { dg-final { scan-alaska-asm-not "Lalaska_sp" } } */
/* { dg-final { scan-alaska-dump-not "__alaska_pins" } } */
