/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The program's own strlen and globfree (own-libc-name.c), declared as
   the program's, not as the system headers' (no <string.h>, no <glob.h>). */
typedef struct {
  unsigned long gl_pathc;
  char **gl_pathv;
  unsigned long gl_offs;
} my_glob_t;
unsigned long strlen (const char *);
void globfree (my_glob_t *);
extern int own_strlen_handles, own_globfree_handles;
