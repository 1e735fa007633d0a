/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/store.h: a small record store, compiled by the plugin in its own
   translation unit (mtu-*.c tests). */
struct record { int id; char name[24]; struct record *next; };

struct record *store_add (struct record *head, int id, const char *name);
struct record *store_find (struct record *head, int id);
char *store_name_of (struct record *r);        /* points into r */
void store_sort_names (char **names, int n);    /* qsort in libc */
int store_sum_ids (struct record *head, int (*f) (const struct record *));
void store_free (struct record *head);
