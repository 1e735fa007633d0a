/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Heap accesses through the idioms whose roots the pass must find:
   pointer walks, one-based arrays (base - 1), integer round trips, tagged
   low bits, XOR-linked lists, alignment masks, struct copies, bitfields,
   flexible array members, GNU vectors and setjmp.  Every object is a
   handle; the results are checked exactly. */
/* { dg-do run } */
/* { dg-output "^handles 1\nwalk 4950\nonebased 5050\nroundtrip 42\ntagged 7 3\nxor 0 1 2 3 4 5 6 7 8 9 \nalign 1234\ncopy 3 4 5\nbits 5 -3 9\nflex abcdef\nvector 10 16 22 28\njmp 99\nrealloc 499500\n$" } */
#include <alaska.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pt { int x, y, z; };
struct bits { int a : 4; int b : 5; unsigned c : 7; };
struct flex { int n; char s[]; };
struct xnode { uintptr_t link; int v; };
typedef int v4si __attribute__ ((vector_size (16)));

static jmp_buf env;

static __attribute__ ((noinline)) void jump (int *p)
{
  longjmp (env, *p);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  int n = 100;
  int *a = malloc (n * sizeof *a);
  printf ("handles %d\n", alaska_is_handle (a));

  /* Pointer walk. */
  for (int *p = a; p < a + n; p++)
    *p = p - a;
  long s = 0;
  for (const int *p = a + n - 1; p >= a; p--)
    s += *p;
  printf ("walk %ld\n", s);

  /* One-based array: the intermediate pointer is outside the object. */
  int *one = a - 1;
  for (int i = 1; i <= n; i++)
    one[i] = i;
  s = 0;
  for (int i = 1; i <= n; i++)
    s += one[i];
  printf ("onebased %ld\n", s);

  /* Integer round trip. */
  uintptr_t u = (uintptr_t) a;
  u += 7 * sizeof (int);
  *(int *) u = 42;
  printf ("roundtrip %d\n", a[7]);

  /* Tagged low bits. */
  struct pt *pt = malloc (sizeof *pt);
  pt->x = 7, pt->y = 3;
  uintptr_t tagged = (uintptr_t) pt | 3;
  struct pt *untagged = (struct pt *) (tagged & ~(uintptr_t) 3);
  printf ("tagged %d %d\n", untagged->x, (int) (tagged & 3));

  /* XOR-linked list. */
  struct xnode *nodes[10];
  for (int i = 0; i < 10; i++)
    {
      nodes[i] = malloc (sizeof (struct xnode));
      nodes[i]->v = i;
    }
  for (int i = 0; i < 10; i++)
    nodes[i]->link = (i > 0 ? (uintptr_t) nodes[i - 1] : 0)
                     ^ (i < 9 ? (uintptr_t) nodes[i + 1] : 0);
  printf ("xor ");
  uintptr_t prev = 0;
  for (struct xnode *x = nodes[0]; x; )
    {
      printf ("%d ", x->v);
      struct xnode *next = (struct xnode *) (x->link ^ prev);
      prev = (uintptr_t) x;
      x = next;
    }
  printf ("\n");

  /* Alignment mask inside an object. */
  char *raw = malloc (64);
  int *aligned = (int *) (((uintptr_t) raw + 15) & ~(uintptr_t) 15);
  *aligned = 1234;
  printf ("align %d\n", *(int *) (((uintptr_t) raw + 15) & ~(uintptr_t) 15));

  /* Struct copies, heap to heap and heap to stack. */
  struct pt *q = malloc (sizeof *q);
  *pt = (struct pt) { 3, 4, 5 };
  *q = *pt;
  struct pt local = *q;
  printf ("copy %d %d %d\n", local.x, local.y, local.z);

  /* Bitfields. */
  struct bits *b = calloc (1, sizeof *b);
  b->a = 5, b->b = -3, b->c = 9;
  printf ("bits %d %d %u\n", b->a, b->b, b->c);

  /* Flexible array member. */
  struct flex *f = malloc (sizeof *f + 7);
  f->n = 6;
  memcpy (f->s, "abcdef", 7);
  printf ("flex %s\n", f->s);

  /* GNU vectors. */
  v4si *v = malloc (4 * sizeof (v4si));
  for (int i = 0; i < 4; i++)
    v[i] = (v4si) { 4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3 };
  v4si sum = v[0] + v[1] + v[2] + v[3];
  printf ("vector %d %d %d %d\n", sum[0] - 14, sum[1] - 12, sum[2] - 10, sum[3] - 8);

  /* longjmp out of a function that read the heap. */
  int *code = malloc (sizeof *code);
  *code = 99;
  int r = setjmp (env);
  if (r == 0)
    jump (code);
  printf ("jmp %d\n", r);

  /* realloc keeps the handle's contents. */
  long *grow = NULL;
  for (int i = 0; i < 1000; i++)
    {
      grow = realloc (grow, (i + 1) * sizeof *grow);
      grow[i] = i;
    }
  s = 0;
  for (int i = 0; i < 1000; i++)
    s += grow[i];
  printf ("realloc %ld\n", s);

  free (grow), free (code), free (v), free (f), free (b), free (q), free (raw), free (pt);
  for (int i = 0; i < 10; i++)
    free (nodes[i]);
  free (a);
  return 0;
}
