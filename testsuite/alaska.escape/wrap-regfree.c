/* SPDX-License-Identifier: GPL-3.0-or-later */
/* regfree frees the pattern buffer's fastmap and translate table with the
   C library's free; callers of the GNU interface (re_compile_pattern, as
   gnulib's users sed and grep are) allocate those themselves.  With a
   malloc'd pattern buffer whose fastmap and translate table are malloc'd,
   the pattern compiles, matches case-blind through the translate table
   after a barrier has moved the table, and regfree frees both handles
   (alaska_regfree: hfree, not libc's free); regcomp's own fastmap is
   libc's, freed by libc. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-output "^compile ok search 4 length 5 translate moved 1\n" } */
/* { dg-output "regfree: fastmap null 1 translate null 1 handles freed 2\n" } */
/* { dg-output "regcomp 0 regexec 0 match 2-5 regfree done\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <ctype.h>
#include <regex.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

static int freed (const void *h)
{
  return backing (h) == NULL;
}

/* A pattern buffer with a malloc'd fastmap and lower-casing table,
   compiled in a function of its own: main pins neither. */
static __attribute__((noinline)) const char *compile (struct re_pattern_buffer *pb)
{
  pb->fastmap = malloc (256);
  unsigned char *table = malloc (256);
  for (int i = 0; i < 256; i++)
    table[i] = tolower (i);
  pb->translate = table;
  re_syntax_options = RE_SYNTAX_POSIX_EXTENDED;
  return re_compile_pattern ("h(el+)o", 7, pb);
}

int main (void)
{
  struct re_pattern_buffer *pb = calloc (1, sizeof *pb);
  const char *err = compile (pb);
  void *before = backing (pb->translate);
  alaska_barrier ();
  int moved = backing (pb->translate) != before;
  struct re_registers regs = { 0 };
  int pos = re_search (pb, "say HELLO", 9, 0, 9, &regs);
  printf ("compile %s search %d length %d translate moved %d\n", err ? err : "ok", pos,
          (int) (regs.end[0] - regs.start[0]), moved);
  char *fastmap = pb->fastmap;
  void *translate = pb->translate;
  regfree (pb);
  printf ("regfree: fastmap null %d translate null %d handles freed %d\n", pb->fastmap == NULL,
          pb->translate == NULL, freed (fastmap) + freed (translate));

  regex_t *re = malloc (sizeof *re);
  int c = regcomp (re, "l+o", REG_EXTENDED);
  regmatch_t m[1];
  int e = regexec (re, "hello", 1, m, 0);
  regfree (re);
  printf ("regcomp %d regexec %d match %d-%d regfree done\n", c, e, (int) m[0].rm_so,
          (int) m[0].rm_eo);
  free (re), free (pb);
  return 0;
}
