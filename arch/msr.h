/* Raw MSR access (the fault-catching variants are in arch/fault.h) and the
 * architectural MSR numbers more than one layer uses. */
#ifndef ARCH_MSR_H
#define ARCH_MSR_H

#include "arch/fault.h"

#define MSR_IA32_APIC_BASE 0x1B /* C-34 */
/* The architectural MSRs that the core side of the PMI path and the core
 * PMU share between the emulated backend, its core model and the tests
 * (numbers and bits only, spec core-pmu-and-apic.md), by short names:
 * IA32_PERF_GLOBAL_STATUS is MSR_GLOBAL_STATUS, IA32_PERF_CAPABILITIES
 * MSR_PERF_CAPS. */
#define MSR_DEBUGCTL        0x1D9 /* C-01 */
#define MSR_PERF_CAPS       0x345 /* C-18 */
#define MSR_GLOBAL_STATUS   0x38E /* C-06 */
#define MSR_GLOBAL_CTRL     0x38F /* C-09 */
#define MSR_GLOBAL_OVF_CTRL 0x390 /* C-07 */
#define DEBUGCTL_UNCORE_PMI (1ull << 13) /* C-02: the uncore PMI's gate */
#define PERF_CAPS_FW_WRITE  (1ull << 13) /* C-18: IA32_A_PMCn exist */
#define OVF_UNCORE          (1ull << 61) /* C-06, C-07: Ovf_Uncore */
/* Version 4 (C-43..C-47): 0x390 is then IA32_PERF_GLOBAL_STATUS_RESET. */
#define MSR_GLOBAL_STATUS_SET 0x391 /* C-44 */
#define MSR_GLOBAL_INUSE      0x392 /* C-45 */
#define DEBUGCTL_FRZ_LBRS     (1ull << 11) /* C-48: FREEZE_LBRS_ON_PMI */
#define DEBUGCTL_FRZ_PERFMON  (1ull << 12) /* C-04, C-47: FREEZE_PERFMON_ON_PMI */
#define STATUS_LBR_FRZ        (1ull << 58) /* C-46, C-48 */
#define STATUS_CTR_FRZ        (1ull << 59) /* C-46, C-47 */

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
