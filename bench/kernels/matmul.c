/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench/kernels/matmul.c: dense matrix multiply on heap matrices stored as
   arrays of row pointers (each row its own malloc).  Exercises translation
   hoisting: the inner loop walks two rows.  Usage: matmul [N]; prints a
   checksum of the product (integer-valued doubles, so it is exact).
   Its time depends on where the inner loop lands, not only on what it
   does: the same loop 16 bytes further on took 1.2 s instead of 0.6 s.  */
#include <stdio.h>
#include <stdlib.h>

static double **alloc_matrix (int n)
{
  double **m = malloc (n * sizeof *m);
  for (int i = 0; i < n; i++)
    m[i] = calloc (n, sizeof **m);
  return m;
}

int main (int argc, char **argv)
{
  int n = argc > 1 ? atoi (argv[1]) : 600;
  double **a = alloc_matrix (n), **b = alloc_matrix (n), **c = alloc_matrix (n);
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      {
        a[i][j] = (i * 7 + j * 3) % 11;
        b[i][j] = (i * 5 + j * 13) % 7;
      }
  /* i-k-j order: the inner loop streams through b[k] and c[i].  */
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++)
      {
        double aik = a[i][k];
        for (int j = 0; j < n; j++)
          c[i][j] += aik * b[k][j];
      }
  unsigned long long sum = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      sum = sum * 31 + (unsigned long long) c[i][j];
  printf ("checksum %llu\n", sum);
  for (int i = 0; i < n; i++)
    free (a[i]), free (b[i]), free (c[i]);
  free (a), free (b), free (c);
  return 0;
}
