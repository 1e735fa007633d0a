/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A stack the unwinder cannot walk to its end hides the pin sets beyond
   the gap: here a call goes through assembly with no unwind information,
   between a frame that holds a translated pointer (pinned) and the
   barrier.  libunwind stopped at the gap, as if it were the end of the
   stack, and the barrier moved the object under the pointer (p[1] read
   the poison).  Now a walk that fails, or ends short of the thread's
   first frames, counts as unknown pins: nothing moves and alaska_barrier
   returns -1.  */
/* { dg-do run { target x86_64-*-* } } */
/* With frame pointers, libunwind would find its way past the gap.  */
/* { dg-options "-fomit-frame-pointer" } */
/* { dg-output "^barrier -1\nread e\n$" } */
#include <alaska.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* bounce (fn): calls fn, with no CFI and no frame pointer.  */
__asm__ (".text\n"
         ".globl bounce\n"
         ".type bounce, @function\n"
         "bounce:\n"
         "  sub $24, %rsp\n"
         "  call *%rdi\n"
         "  add $24, %rsp\n"
         "  ret\n"
         ".size bounce, .-bounce\n");
void bounce (void (*fn) (void)) __attribute__ ((alaska_external));

static char *h;
static int result;

static void __attribute__ ((noinline)) run_barrier (void)
{
  result = alaska_barrier ();
}

static int __attribute__ ((noinline)) reader (void)
{
  char *p = h;
  p[0] = 'H';
  bounce (run_barrier);
  return p[1];
}

int main (void)
{
  h = malloc (16);
  strcpy (h, "hello");
  int c = reader ();
  printf ("barrier %d\nread %c\n", result, c);
  return 0;
}
