/* SPDX-License-Identifier: GPL-3.0-or-later */
/* getpwnam_r and getgrgid_r store into the structure they are given
   pointers into the buffer they are given, and the structure's address
   into the result slot: all come back as handles into the malloc'd
   objects (alaska_marshal_out rebases a slot onto a translated argument's
   object), and stay right while every unpinned object moves. */
/* { dg-do run } */
/* { dg-output "^passwd: 0 root uid 0 result is pwd 1 name in buf 1 dir in buf 1\n" } */
/* { dg-output "group: 0 root gid 0 result is grp 1 name in buf 1\n$" } */
#include <alaska.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int in (const void *p, const char *buf, size_t n)
{
  return alaska_is_handle (p) && (const char *) p >= buf && (const char *) p < buf + n;
}

int main (void)
{
  size_t n = 4096;
  struct passwd *pwd = malloc (sizeof *pwd), *pres;
  char *buf = malloc (n);
  int e = getpwnam_r ("root", pwd, buf, n, &pres);
  alaska_barrier ();
  if (e || !pres)
    return 1;
  printf ("passwd: %d %s uid %d result is pwd %d name in buf %d dir in buf %d\n", e,
          pres->pw_name, (int) pres->pw_uid, pres == pwd, in (pwd->pw_name, buf, n),
          in (pwd->pw_dir, buf, n));

  struct group *grp = malloc (sizeof *grp), *gres;
  char *gbuf = malloc (n);
  e = getgrgid_r (0, grp, gbuf, n, &gres);
  alaska_barrier ();
  if (e || !gres)
    return 2;
  printf ("group: %d %s gid %d result is grp %d name in buf %d\n", e, gres->gr_name,
          (int) gres->gr_gid, gres == grp, in (grp->gr_name, gbuf, n));
  free (gbuf), free (grp), free (buf), free (pwd);
  return 0;
}
