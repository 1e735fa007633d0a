/* SPDX-License-Identifier: MIT */
/* foreign-call.S: alaska_foreign_call, the trampoline of indirect calls
 * that may leave instrumented code (alaska-abi.h, "Indirect calls").
 * The target is in %r10 (the static chain), the arguments are as the
 * target expects them.  alaska_foreign_enter (foreign-call.c) says whether
 * the target is instrumented -- then jump to it as it is -- or translates
 * the handles among the saved argument registers and returns the call's
 * frame: then the trampoline moves the caller's return address into the
 * frame, calls the target in its place (stack arguments stay where they
 * were), turns a result into a handle if it points into an object it was
 * given, pops the frame and returns through it.  While the target runs,
 * %rbx points at the frame, and the CFI finds the return address and the
 * caller's %rbx there, so the barrier's stack walks go through. */
	.text
	.globl	alaska_foreign_call
	.type	alaska_foreign_call, @function
	.p2align 4
alaska_foreign_call:
	.cfi_startproc
	subq	$200, %rsp
	.cfi_adjust_cfa_offset 200
	movq	%rdi, 0(%rsp)
	movq	%rsi, 8(%rsp)
	movq	%rdx, 16(%rsp)
	movq	%rcx, 24(%rsp)
	movq	%r8, 32(%rsp)
	movq	%r9, 40(%rsp)
	movq	%rax, 48(%rsp)
	movq	%r10, 56(%rsp)
	movaps	%xmm0, 64(%rsp)
	movaps	%xmm1, 80(%rsp)
	movaps	%xmm2, 96(%rsp)
	movaps	%xmm3, 112(%rsp)
	movaps	%xmm4, 128(%rsp)
	movaps	%xmm5, 144(%rsp)
	movaps	%xmm6, 160(%rsp)
	movaps	%xmm7, 176(%rsp)
	movq	%rsp, %rdi
	call	alaska_foreign_enter
	movq	%rax, %r11
	movq	0(%rsp), %rdi
	movq	8(%rsp), %rsi
	movq	16(%rsp), %rdx
	movq	24(%rsp), %rcx
	movq	32(%rsp), %r8
	movq	40(%rsp), %r9
	movq	48(%rsp), %rax
	movq	56(%rsp), %r10
	movaps	64(%rsp), %xmm0
	movaps	80(%rsp), %xmm1
	movaps	96(%rsp), %xmm2
	movaps	112(%rsp), %xmm3
	movaps	128(%rsp), %xmm4
	movaps	144(%rsp), %xmm5
	movaps	160(%rsp), %xmm6
	movaps	176(%rsp), %xmm7
	addq	$200, %rsp
	.cfi_adjust_cfa_offset -200
	testq	%r11, %r11
	jnz	1f
	jmp	*%r10			/* instrumented: as it is */
1:
	movq	%rbx, 16(%r11)
	movq	%r11, %rbx
	/* %rbx is at 16(%rbx): DW_CFA_expression 3, DW_OP_breg3 16 */
	.cfi_escape 0x10, 0x03, 0x02, 0x73, 0x10
	addq	$8, %rsp		/* the caller's return address is in the frame */
	.cfi_def_cfa_offset 0
	/* the return address is at 8(%rbx): DW_CFA_expression 16, DW_OP_breg3 8 */
	.cfi_escape 0x10, 0x10, 0x02, 0x73, 0x08
	call	*%r10
	/* A result pointing into an object the call was given comes back as
	 * a handle (alaska_foreign_result); %rax, %rdx, %xmm0 and %xmm1 are
	 * what the target returned. */
	cmpl	$0, 28(%rbx)
	je	2f
	subq	$48, %rsp
	.cfi_adjust_cfa_offset 48
	movq	%rax, 0(%rsp)
	movq	%rdx, 8(%rsp)
	movaps	%xmm0, 16(%rsp)
	movaps	%xmm1, 32(%rsp)
	movq	%rbx, %rdi
	movq	%rax, %rsi
	call	alaska_foreign_result
	movq	8(%rsp), %rdx
	movaps	16(%rsp), %xmm0
	movaps	32(%rsp), %xmm1
	addq	$48, %rsp
	.cfi_adjust_cfa_offset -48
2:
	/* Take what the frame holds, then pop it and any above it (left by
	 * longjmp); in that order, as a signal handler's call through the
	 * trampoline may reuse the frame once it is popped. */
	movq	8(%rbx), %r11
	.cfi_register 16, 11
	movl	24(%rbx), %ecx
	movq	16(%rbx), %rbx
	.cfi_same_value 3
	movq	alaska_foreign_stack@gottpoff(%rip), %rsi
	movl	%ecx, %fs:(%rsi)
	jmp	*%r11
	.cfi_endproc
	.size	alaska_foreign_call, .-alaska_foreign_call
	.section .note.GNU-stack,"",@progbits
