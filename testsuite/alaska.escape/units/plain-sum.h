/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-sum.h: a library compiled without the plugin (plain gcc),
   declared in a header that is not a system header. */
int plain_sum (const int *v, int n);
long plain_sum8 (const long *a, const long *b, const long *c, const long *d,
                 const long *e, const long *f, const long *g, const long *h);
