/* SPDX-License-Identifier: GPL-3.0-or-later */
/* prog-list.h: the list of prog-list.c. */
struct node
{
  int value;
  char *name;
  struct node *next;
};
struct node *list_build (int n);
void list_free (struct node *head);
