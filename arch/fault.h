/* Fault-catching primitives (kvm-unit-tests style *_safe accessors).
 *
 * Every instruction that is allowed to fault lives in arch/fault.S between
 * a label and its fixup, listed in one table there. The exception handler
 * (efi/platform/exceptions.c) asks fault_fixup() for the faulting RIP; if listed, it
 * resumes at the fixup with RAX = vector, so the accessor returns the vector.
 * No per-CPU state is involved, so this works on APs as on the BSP.
 *
 * For faults nobody expected, a test context arms a recovery point with
 * fault_setjmp(); the handler then resumes at fault_longjmp() and the test
 * ends as ERROR instead of hanging the machine. */
#ifndef ARCH_FAULT_H
#define ARCH_FAULT_H

#include "lib/rt.h"

/* The exception vectors the accessors and probes return (SDM Vol. 3A,
 * Table 6-1); a model of an MSR answers VEC_GP where the CPU would fault. */
#define VEC_UD 6
#define VEC_GP 13

/* Return 0 on success, else the exception vector (VEC_GP). */
int rdmsr_safe(uint32_t msr, uint64_t *val);
int wrmsr_safe(uint32_t msr, uint64_t val);

/* A load or store at physical address addr (1:1 mapped): 0, or the
 * vector; a faulted load leaves all-ones (8-64 bits: 0 for 64). Only for
 * addresses the platform has checked are MMIO (efi/platform/pci.c). */
int mmio_read8_safe(uint64_t addr, uint8_t *val);
int mmio_read16_safe(uint64_t addr, uint16_t *val);
int mmio_read32_safe(uint64_t addr, uint32_t *val);
int mmio_read64_safe(uint64_t addr, uint64_t *val);
int mmio_write8_safe(uint64_t addr, uint8_t val);
int mmio_write16_safe(uint64_t addr, uint16_t val);
int mmio_write32_safe(uint64_t addr, uint32_t val);
int mmio_write64_safe(uint64_t addr, uint64_t val);

/* Deliberately faulting probes for the self-tests; return the vector caught,
 * 0 if the instruction did not fault. */
int fault_probe_gp(void); /* load DS with selector 0xFFF8, beyond the GDT limit */
int fault_probe_ud(void); /* ud2 */
uint16_t fault_gdt_limit(void);

/* Fixup address for a faulting rip, or 0 if rip is not a listed instruction. */
uint64_t fault_fixup(uint64_t rip);

/* Minimal setjmp/longjmp (callee-saved registers, rsp, rip). */
typedef uint64_t fault_jmp_buf[8];
int fault_setjmp(fault_jmp_buf buf) __attribute__((returns_twice));
void fault_longjmp(fault_jmp_buf buf, int val) __attribute__((noreturn));

#endif
