/* CPUID: vendor, signature, brand, hypervisor, topology. No UEFI, no PMU. */
#ifndef ARCH_CPUID_H
#define ARCH_CPUID_H

#include "lib/rt.h"

struct cpuid_regs {
	uint32_t a, b, c, d;
};

static inline struct cpuid_regs cpuid(uint32_t leaf, uint32_t subleaf)
{
	struct cpuid_regs r;

	__asm__ volatile("cpuid"
			 : "=a"(r.a), "=b"(r.b), "=c"(r.c), "=d"(r.d)
			 : "a"(leaf), "c"(subleaf));
	return r;
}

/* How long another CPU may take to answer: a job of a few register
 * accesses, an LVT write, an IPI's delivery. A real CPU answers in
 * microseconds: 1 s on bare metal. Under a hypervisor (CPUID.1:ECX[31]) a
 * vCPU thread waits for a host time slice: beside a dozen busy threads on
 * 2 host cores one missed 1 s (a stress run of make check, and a mutation
 * boot whose AP was then lost for the rest of its run), so 10 s there. The
 * bound only turns a CPU that never answers into a lost one; a pass ends at
 * the answer either way. */
static inline uint64_t cpu_answer_bound_us(void)
{
	return cpuid(1, 0).c >> 31 ? 10000000 : 1000000;
}

struct cpu_ident {
	char vendor[13];
	uint32_t max_leaf;
	uint32_t signature;               /* CPUID.1:EAX */
	uint32_t family, model, stepping; /* with extended fields folded in */
	char brand[49];                   /* trimmed; "" if leaf 0x80000004 absent */
	bool hypervisor;                  /* CPUID.1:ECX[31] */
	char hv_sig[13];                  /* leaf 0x40000000 EBX:ECX:EDX */
	bool x2apic;                      /* CPUID.1:ECX[21] (C-34) */
	bool pdcm;                        /* CPUID.1:ECX[15] */
	uint8_t pmu_version;              /* CPUID.0AH:EAX[7:0], 0 without leaf 0AH (C-11) */
	uint32_t initial_apic_id;         /* CPUID.1:EBX[31:24] */
	uint32_t x2apic_id;               /* CPUID.0BH:EDX when leaf 0BH exists */
	uint32_t smt_shift, core_shift;   /* APIC-id bit split from leaf 0BH/4/1 */
};

void cpuid_identify(struct cpu_ident *id);
/* Split an APIC id into package/core/thread with the shifts above. */
void cpuid_split_apic_id(const struct cpu_ident *id, uint32_t apic_id,
			 uint32_t *pkg, uint32_t *core, uint32_t *thread);

#endif
