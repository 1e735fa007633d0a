/* SPDX-License-Identifier: GPL-3.0-or-later */
/* units/plain-hooks.h: a library compiled without the plugin (plain gcc)
   that allocates through hooks the program sets, as GMP does with
   mp_set_memory_functions. */
#include <stddef.h>
void plain_set_hooks (void *(*alloc) (size_t), void *(*resize) (void *, size_t),
                      void (*release) (void *));
char *plain_twice (const char *s);
void plain_release (char *p);
