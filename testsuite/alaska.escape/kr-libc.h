/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The body of the kr-libc tests: old-style declarations and definitions,
   every string on the heap. */
char *malloc ();
void free ();
double atof ();
int atoi ();
long atol ();
int strlen ();
char *strcpy ();
int strcmp ();
int sprintf ();
void qsort ();
int printf ();

static char *
heap (s)
     char *s;
{
  char *p = malloc (strlen (s) + 1);
  return strcpy (p, s);
}

static int
cmp (a, b)
     char **a, **b;
{
  return strcmp (*a, *b);
}

int
main ()
{
  char *n = heap ("12345"), *l = heap ("1234567890"), *f = heap ("2.5");
  char *hw = heap ("hello world"), *copy = malloc (32), *out = malloc (64);
  char **fruit = (char **) malloc (3 * sizeof (char *));
  int i;

  printf ("handles %d\n", (int) ((unsigned long) hw >> 63));
  printf ("atoi %d atol %ld atof %.2f\n", atoi (n), atol (l), atof (f));
  printf ("strlen %d\n", strlen (hw));
  strcpy (copy, hw);
  printf ("strcpy %s\n", copy);
  printf ("strcmp %d %d\n", strcmp (copy, hw), strcmp (hw, n) > 0);
  sprintf (out, "[%d %s]", 42, hw);
  printf ("sprintf %s\n", out);
  fruit[0] = heap ("cherry");
  fruit[1] = heap ("apple");
  fruit[2] = heap ("banana");
  qsort (fruit, 3, sizeof (char *), cmp);
  printf ("qsort %s %s %s\n", fruit[0], fruit[1], fruit[2]);
  for (i = 0; i < 3; i++)
    free (fruit[i]);
  free (fruit);
  free (n), free (l), free (f), free (hw), free (copy), free (out);
  return 0;
}
