/* SPDX-License-Identifier: GPL-3.0-or-later */
/* signal-sender.c's thread: sends SIGUSR1 to `thread' (kernel id `tid')
   once it waits in a barrier, which it holds until then; writes a byte to
   ready_fd first, once it holds the barrier's signal.  */
#include <pthread.h>
#include <sys/types.h>
struct signal_sender { pthread_t thread; pid_t tid; int ready_fd; };
void *signal_sender (void *arg);
