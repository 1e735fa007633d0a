/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hoisting (Algorithm 1): a root defined outside a loop is translated
   once, at the end of the preheader of the outermost loop that contains
   the use but not the definition; a root defined in the loop (the
   linked-list cursor) is translated in the loop.  The calls keep GCC's own
   invariant motion from hoisting anything itself. */
/* { dg-do compile } */
extern void tick (void);
struct node { int v; struct node *next; };

long with_call (const int *p, int n)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    {
      s += p[i];
      tick ();
    }
  return s;
}

/* a is hoisted out of both loops; row, loaded in the outer loop, out of
   the inner loop only: it is translated at loop depth 1.  (Written as
   a[i][j], the row would be loaded again in the inner loop, because tick
   may change a[i], and be translated there.) */
long rows (int **a, int n, int m)
{
  long s = 0;
  for (int i = 0; i < n; i++)
    {
      const int *row = a[i];
      for (int j = 0; j < m; j++)
        {
          s += row[j];
          tick ();
        }
    }
  return s;
}

/* A pointer induction variable: its root is the start, hoisted, and the
   walk is rebuilt as translate (p) + (q - p). */
long walk (const long *p, const long *end)
{
  long s = 0;
  for (const long *q = p; q < end; q++)
    {
      s += *q;
      tick ();
    }
  return s;
}

long list (const struct node *n)
{
  long s = 0;
  for (; n; n = n->next)
    {
      s += n->v;
      tick ();
    }
  return s;
}
/* { dg-final { scan-alaska-dump-times "^alaska: with_call: 1 translations \\(0 in loops, 1 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: rows: 2 translations \\(1 in loops, 2 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times rows "^alaska: translate a_\\d+\\(D\\) -> \\S+ in bb \\d+, loop depth 0, hoisted out of loop \\d+$" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times rows "^alaska: translate row_\\d+ -> \\S+ in bb \\d+, loop depth 1, hoisted out of loop \\d+$" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: walk: 1 translations \\(0 in loops, 1 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times walk "^alaska: translate p_\\d+\\(D\\) -> " 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: list: 1 translations \\(1 in loops, 0 hoisted\\)" 1 } } */
