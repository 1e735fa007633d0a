/* SPDX-License-Identifier: MIT */
/* foreign-call.c: what the indirect-call trampoline (foreign-call.S) does
 * in C -- decide whether a target is instrumented, translate and pin the
 * handles in the argument registers, and keep, per thread, the frames of
 * the calls in progress where the barrier finds those pins.  As for a
 * direct call, objects given to another library than the C library, which
 * may keep their addresses, are pinned for good (alaska_keep).
 *
 * A frame also holds the caller's return address and %rbx: the trampoline
 * calls the target where its caller's return address was, so arguments
 * on the stack are where the target looks for them, and returns through
 * the frame.  A frame left by longjmp (a Lua C function raising an error)
 * is dropped by the next call that starts at or above its stack pointer,
 * or by the return of a call below it. */
#define _GNU_SOURCE
#include <signal.h>
#include <stddef.h>
#include "internal.h"

__thread struct alaska_foreign_stack alaska_foreign_stack
  __attribute__((tls_model("initial-exec")));

_Static_assert(offsetof(struct alaska_foreign_frame, ret) == 8, "foreign-call.S: ret");
_Static_assert(offsetof(struct alaska_foreign_frame, rbx) == 16, "foreign-call.S: rbx");
_Static_assert(offsetof(struct alaska_foreign_frame, index) == 24, "foreign-call.S: index");
_Static_assert(offsetof(struct alaska_foreign_frame, npins) == 28, "foreign-call.S: npins");
_Static_assert(offsetof(struct alaska_foreign_stack, depth) == 0, "foreign-call.S: depth");

/* regs: what the trampoline saved: rdi, rsi, rdx, rcx, r8, r9, rax, r10
 * (the target), xmm0-7, a pad, and then the caller's return address. */
enum { REG_TARGET = 7, REG_RETURN = 25 };

/* A handler running on sigaltstack may be above the frames of the calls
 * it interrupted, which are not left. */
static int on_signal_stack(void)
{
  stack_t ss;
  return sigaltstack(NULL, &ss) == 0 && (ss.ss_flags & SS_ONSTACK);
}


/* NULL: the target is instrumented, call it as it is.  Otherwise the
 * frame of this call, with the argument registers translated. */
struct alaska_foreign_frame *alaska_foreign_enter(uint64_t *regs)
{
  alaska_ensure_init();
  enum alaska_code kind = alaska_code_kind(regs[REG_TARGET]);
  if (kind == ALASKA_CODE_INSTRUMENTED)
    return NULL;
  struct alaska_foreign_stack *st = &alaska_foreign_stack;
  struct alaska_thread *me = alaska_self;
  uintptr_t sp = (uintptr_t) (regs + REG_RETURN + 1);
  alaska_runtime_enter();
  if (me && !me->foreign)
    me->foreign = st;
  unsigned d = st->depth;
  if (d > 0 && st->frames[d - 1].sp <= sp && !on_signal_stack())
    while (d > 0 && st->frames[d - 1].sp <= sp)
      d--;
  if (d == ALASKA_FOREIGN_DEPTH)
    alaska_fatal("more than %d calls through function pointers into code the plugin did not "
                 "compile are in progress at once in one thread", ALASKA_FOREIGN_DEPTH);
  struct alaska_foreign_frame *f = &st->frames[d];
  f->sp = sp;
  f->ret = regs[REG_RETURN];
  f->index = d;
  unsigned n = 0;
  for (int i = 0; i < 6; i++)
    if (alaska_live_handle(regs[i])) {
      f->pins[n++] = (const void *) (uintptr_t) regs[i];
      if (kind == ALASKA_CODE_OTHER)
        alaska_keep((const void *) (uintptr_t) regs[i]);
      regs[i] = (uint64_t) (uintptr_t) alaska_translate((const void *) (uintptr_t) regs[i]);
    }
  f->npins = n;
  __atomic_store_n(&st->depth, d + 1, __ATOMIC_RELEASE);
  alaska_runtime_leave();
  return f;
}

/* After a call that was given handles: a result that points into one of
 * their objects (memchr, strstr) comes back as handle + offset, as it
 * must outlive the pin.  r is the result register, which may hold no
 * pointer at all: only an address in the region of handles' memory is
 * taken for one. */
uint64_t alaska_foreign_result(const struct alaska_foreign_frame *f, uint64_t r)
{
  if (!alaska_in_backing_region((const void *) (uintptr_t) r))
    return r;
  for (unsigned i = 0; i < f->npins; i++) {
    uint32_t id = alaska_handle_id(f->pins[i]);
    uint64_t e = atomic_load_explicit(alaska_entry(id), memory_order_relaxed);
    if (e == ALASKA_ENTRY_FREE)
      continue;                 /* freed by a callback during the call */
    uint64_t start = (uint64_t) (uintptr_t) alaska_entry_decode(id, e);
    if (r >= start && r - start <= alaska_service->usable_size(id, alaska_entry_decode(id, e)))
      return ALASKA_HANDLE_BASE(id) + (r - start);
  }
  return r;
}

void alaska_foreign_each_pin(const struct alaska_thread *th, void (*fn)(const void *))
{
  const struct alaska_foreign_stack *st = th->foreign;
  if (!st)
    return;
  unsigned d = __atomic_load_n(&st->depth, __ATOMIC_ACQUIRE);
  for (unsigned i = 0; i < d && i < ALASKA_FOREIGN_DEPTH; i++)
    for (unsigned j = 0; j < st->frames[i].npins && j < 6; j++)
      fn(st->frames[i].pins[j]);
}
