/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The check one level below the slots reads structures on the caller's
   stack too: a curl_slist on the stack whose second node, also on the
   stack, holds a strdup'd string stops the program at curl_slist_append. */
/* { dg-do run } */
/* { dg-require-pkg "libcurl" } */
/* { dg-options "-Wl,--no-as-needed -lcurl" } */
/* { dg-exit-status SIGABRT } */
/* { dg-output "^alaska: curl_slist_append: argument 1 holds a handle in a field the runtime cannot translate \\(see alaska\\(7\\)\\)\n$" } */
#include <curl/curl.h>
#include <stdio.h>
#include <string.h>

int main (void)
{
  struct curl_slist b = { strdup ("eve"), NULL };
  struct curl_slist a = { "adam", &b };
  curl_slist_append (&a, "x");
  printf ("not reached\n");
  return 0;
}
