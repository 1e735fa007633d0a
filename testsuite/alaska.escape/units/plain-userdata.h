/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-userdata.h: the functions of units/plain-userdata.c. */
void plain_set_userdata (void *p);      /* keeps p */
void *plain_userdata (void);            /* gives it back as the result */
void plain_get_userdata (void **out);   /* ... through a T ** argument */
int plain_getv (int what, ...);         /* ... through a variadic one */
