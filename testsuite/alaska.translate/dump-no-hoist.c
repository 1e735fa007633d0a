/* -fplugin-arg-alaska-no-hoist: the same functions as dump-hoist.c, with
   every translation in place, inside the loops. */
/* { dg-do compile } */
/* { dg-options "-O2 -fdump-tree-alaska -fplugin-arg-alaska-no-hoist" } */
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
/* { dg-final { scan-alaska-dump-times "^alaska: with_call: 1 translations \\(1 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: rows: 2 translations \\(2 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-fn-times rows "^alaska: translate \\S+ -> \\S+ in bb \\d+, loop depth (1|2)$" 2 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: walk: 1 translations \\(1 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-times "^alaska: list: 1 translations \\(1 in loops, 0 hoisted\\)" 1 } } */
/* { dg-final { scan-alaska-dump-not "hoisted out of loop" } } */
