/* Fault-catching instructions and their fixup table; see arch/fault.h.
 * SysV calling convention (the harness is built without MS ABI). */
	.text

/* int rdmsr_safe(uint32_t msr, uint64_t *val) */
	.globl rdmsr_safe
rdmsr_safe:
	mov	%edi, %ecx
	mov	%rsi, %r8
	movq	$0, (%r8)
1:	rdmsr
	shl	$32, %rdx
	mov	%eax, %eax
	or	%rdx, %rax
	mov	%rax, (%r8)
	xor	%eax, %eax
2:	ret

/* int wrmsr_safe(uint32_t msr, uint64_t val) */
	.globl wrmsr_safe
wrmsr_safe:
	mov	%edi, %ecx
	mov	%esi, %eax
	mov	%rsi, %rdx
	shr	$32, %rdx
3:	wrmsr
	xor	%eax, %eax
4:	ret

/* int fault_probe_gp(void): the selector 0xFFF8 indexes GDT entry 8191, past
 * any firmware GDT's limit, so the load raises #GP(0xFFF8) and DS is left
 * untouched. If it did not fault, DS is put back before returning 0. */
	.globl fault_probe_gp
fault_probe_gp:
	mov	%ds, %edx
	mov	$0xfff8, %eax
5:	mov	%eax, %ds
	mov	%edx, %ds
	xor	%eax, %eax
6:	ret

/* int fault_probe_ud(void) */
	.globl fault_probe_ud
fault_probe_ud:
	xor	%eax, %eax
7:	ud2
8:	ret

/* Fault-catching loads and stores at a physical address (boot services map
 * memory 1:1): int mmio_readN_safe(uint64_t addr, uintN_t *val),
 * int mmio_writeN_safe(uint64_t addr, uintN_t val). */
	.globl mmio_read8_safe
mmio_read8_safe:
	movb	$0xff, (%rsi)
13:	movb	(%rdi), %al
	movb	%al, (%rsi)
	xor	%eax, %eax
14:	ret

	.globl mmio_read16_safe
mmio_read16_safe:
	movw	$0xffff, (%rsi)
15:	movw	(%rdi), %ax
	movw	%ax, (%rsi)
	xor	%eax, %eax
16:	ret

	.globl mmio_read32_safe
mmio_read32_safe:
	movl	$0xffffffff, (%rsi)
17:	movl	(%rdi), %eax
	movl	%eax, (%rsi)
	xor	%eax, %eax
18:	ret

	.globl mmio_read64_safe
mmio_read64_safe:
	movq	$0, (%rsi)
19:	movq	(%rdi), %rax
	movq	%rax, (%rsi)
	xor	%eax, %eax
20:	ret

	.globl mmio_write8_safe
mmio_write8_safe:
21:	movb	%sil, (%rdi)
	xor	%eax, %eax
22:	ret

	.globl mmio_write16_safe
mmio_write16_safe:
23:	movw	%si, (%rdi)
	xor	%eax, %eax
24:	ret

	.globl mmio_write32_safe
mmio_write32_safe:
25:	movl	%esi, (%rdi)
	xor	%eax, %eax
26:	ret

	.globl mmio_write64_safe
mmio_write64_safe:
27:	movq	%rsi, (%rdi)
	xor	%eax, %eax
28:	ret

/* uint16_t fault_gdt_limit(void) */
	.globl fault_gdt_limit
fault_gdt_limit:
	sub	$16, %rsp
	sgdt	(%rsp)
	movzwl	(%rsp), %eax
	add	$16, %rsp
	ret

/* int fault_setjmp(fault_jmp_buf) */
	.globl fault_setjmp
fault_setjmp:
	mov	%rbx, 0(%rdi)
	mov	%rbp, 8(%rdi)
	mov	%r12, 16(%rdi)
	mov	%r13, 24(%rdi)
	mov	%r14, 32(%rdi)
	mov	%r15, 40(%rdi)
	lea	8(%rsp), %rdx
	mov	%rdx, 48(%rdi)
	mov	(%rsp), %rdx
	mov	%rdx, 56(%rdi)
	xor	%eax, %eax
	ret

/* void fault_longjmp(fault_jmp_buf, int val): val 0 becomes 1 */
	.globl fault_longjmp
fault_longjmp:
	mov	%esi, %eax
	test	%eax, %eax
	jnz	9f
	inc	%eax
9:	mov	0(%rdi), %rbx
	mov	8(%rdi), %rbp
	mov	16(%rdi), %r12
	mov	24(%rdi), %r13
	mov	32(%rdi), %r14
	mov	40(%rdi), %r15
	mov	48(%rdi), %rsp
	jmp	*56(%rdi)

/* uint64_t fault_fixup(uint64_t rip) */
	.globl fault_fixup
fault_fixup:
	lea	fixup_table(%rip), %rcx
	lea	fixup_table_end(%rip), %rdx
10:	cmp	%rdx, %rcx
	jae	11f
	cmp	(%rcx), %rdi
	je	12f
	add	$16, %rcx
	jmp	10b
11:	xor	%eax, %eax
	ret
12:	mov	8(%rcx), %rax
	ret

	.data
	.balign 8
fixup_table:
	.quad	1b, 2b
	.quad	3b, 4b
	.quad	5b, 6b
	.quad	7b, 8b
	.quad	13b, 14b
	.quad	15b, 16b
	.quad	17b, 18b
	.quad	19b, 20b
	.quad	21b, 22b
	.quad	23b, 24b
	.quad	25b, 26b
	.quad	27b, 28b
fixup_table_end:

	.section .note.GNU-stack,"",@progbits
