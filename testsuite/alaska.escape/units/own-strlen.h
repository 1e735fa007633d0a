/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program's own strlen (own-strlen.c), marked instrumented. */
#include <stddef.h>
size_t strlen (const char *) __attribute__ ((alaska_instrumented));
extern int own_strlen_handles;
