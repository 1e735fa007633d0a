/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/foreign-keep-lib.c: a "library" compiled without the plugin that keeps
   the pointer it is given (alaska.barrier/foreign-keep.c). */
struct rec { int value; char name[12]; };
static struct rec *remembered;
void lib_remember (struct rec *r) { remembered = r; }
int lib_value (void) { return remembered->value; }
const char *lib_name (void) { return remembered->name; }
