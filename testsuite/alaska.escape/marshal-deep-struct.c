/* SPDX-License-Identifier: GPL-3.0-or-later */
/* STRUCT_WITH_PTRS one level below the slots: curl_slist_append walks the
   list it is given to its end, and the plugin marshals only the first
   node's members (data, next); the node next points to is checked at run
   time, as the pass's dump counts it.  A list of malloc'd nodes with
   literal strings passes, and curl appends to it; a strdup'd string in
   the second node stops the program, naming the function and the
   argument, before libcurl could read the handle. */
/* { dg-do run } */
/* { dg-require-pkg "libcurl" } */
/* { dg-options "-Wl,--no-as-needed -lcurl -fdump-tree-alaska" } */
/* { dg-exit-status SIGABRT } */
/* { dg-final { scan-alaska-dump-fn-times append "^alaska: marshal curl_slist_append: argument 0, offset 8: the pointer at offset (0|8) below it is checked at run time$" 2 } } */
/* { dg-output "^appended: a b c\n" } */
/* { dg-output "alaska: curl_slist_append: argument 1 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __attribute__((noipa)) void append (struct curl_slist *list, const char *s)
{
  curl_slist_append (list, s);
}

int main (void)
{
  setvbuf (stdout, NULL, _IONBF, 0);
  struct curl_slist *a = malloc (sizeof *a), *b = malloc (sizeof *b);
  a->data = "a", a->next = b;
  b->data = "b", b->next = NULL;
  append (a, "c");
  printf ("appended: %s %s %s\n", a->data, a->next->data, a->next->next->data);
  curl_slist_free_all (b->next);
  b->next = NULL;
  b->data = strdup ("eve");
  append (a, "d");
  printf ("not reached\n");
  return 0;
}
