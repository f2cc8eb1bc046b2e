/* Raw MSR access; the fault-catching variants are in arch/fault.h. */
#ifndef ARCH_MSR_H
#define ARCH_MSR_H

#include "fault.h"

#define MSR_IA32_APIC_BASE 0x1B /* C-34 */

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;

	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v),
			 "d"((uint32_t)(v >> 32)) : "memory");
}

#endif
