/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A shared library built by plain gcc and not linked with libalaska
   (dg-plain-library): its calls to nanosleep, usleep and pthread_create
   are versioned references to the C library's symbols.  */
#include <pthread.h>
#include <time.h>
#include <unistd.h>

int lib_nanosleep (long ns)
{
  struct timespec ts = { ns / 1000000000, ns % 1000000000 };
  return nanosleep (&ts, 0);
}

int lib_usleep (unsigned us)
{
  return usleep (us);
}

int lib_run_thread (void *(*fn) (void *), void *arg, void **result)
{
  pthread_t t;
  if (pthread_create (&t, 0, fn, arg))
    return -1;
  return pthread_join (t, result);
}
