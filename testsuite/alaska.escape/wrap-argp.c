/* SPDX-License-Identifier: GPL-3.0-or-later */
/* argp_parse reads the program's option tree and calls its parser
   (libalaska's wrappers-argp.c).  A malloc'd vector of words, which argp
   permutes, is kept in place; the input, a malloc'd structure, reaches
   the parser as the handle it is and moves at the barrier; the index of
   the first operand lands in a malloc'd int; argp_error's state is the
   library's.  A command-line word that is a handle then stops the
   program, naming argp_parse, before the library reads it. */
/* { dg-do run } */
/* { dg-env "ALASKA_SERVICE=malloc" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^parse 0 index 5 verbose 1 name bob operands file1 file2 input handle 1\n" } */
/* { dg-output "words: prog -v --name=bob file1 file2 kept 1 config moved 1\n" } */
/* { dg-output "alaska: argp_parse: a command-line word is a handle \[^\n\]*not supported \\(see alaska\\(7\\), LIMITS\\)\n$" } */
#define _GNU_SOURCE
#include <alaska.h>
#include <argp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct config {
  int verbose, input_handle, operands;
  const char *name, *operand[4];
};

static struct config *seen;     /* what the parser was given as input */

static error_t parse (int key, char *arg, struct argp_state *state)
{
  struct config *c = state->input;
  seen = c;
  switch (key)
    {
    case 'v':
      c->verbose = 1;
      return 0;
    case 'n':
      c->name = arg;
      return 0;
    case ARGP_KEY_ARG:
      if (c->operands == 4)
        argp_error (state, "too many operands");
      c->operand[c->operands++] = arg;
      return 0;
    default:
      return ARGP_ERR_UNKNOWN;
    }
}

static const struct argp_option options[] = {
  { "verbose", 'v', 0, 0, "Say more", 0 },
  { "name", 'n', "NAME", 0, "A name", 0 },
  { 0 }
};
static const struct argp argp = { options, parse, "FILE...", "A test.", 0, 0, 0 };

static void *backing (const void *h)
{
  return alaska_backing ((uint32_t) ((uintptr_t) h >> 32) & 0x7fffffff);
}

/* The parse in a function of its own: main pins none of its objects. */
static __attribute__((noinline)) error_t run (char **argv, int *index, struct config *c)
{
  error_t r = argp_parse (&argp, 5, argv, 0, index, c);
  c->input_handle = seen == c && alaska_is_handle (seen);
  return r;
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  static char *const words[] = { "prog", "file1", "-v", "--name=bob", "file2" };
  char **argv = malloc (5 * sizeof *argv);
  memcpy (argv, words, sizeof words);
  struct config *c = calloc (1, sizeof *c);
  int *index = malloc (sizeof *index);
  error_t r = run (argv, index, c);
  void *v = backing (argv), *cb = backing (c);
  alaska_barrier ();
  printf ("parse %d index %d verbose %d name %s operands %s %s input handle %d\n", r, *index,
          c->verbose, c->name, c->operand[0], c->operand[1], c->input_handle);
  printf ("words: %s %s %s %s %s kept %d config moved %d\n", argv[0], argv[1], argv[2], argv[3],
          argv[4], backing (argv) == v, backing (c) != cb);

  argv[4] = strdup ("file3");
  argp_parse (&argp, 5, argv, 0, index, c);
  printf ("not reached\n");
  return 0;
}
