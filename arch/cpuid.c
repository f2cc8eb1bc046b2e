/* CPUID decoding (SDM Vol. 2A, CPUID: leaves 0, 1, 4, 0AH, 0BH, 40000000H,
 * 80000002H-80000004H). */
#include "arch/cpuid.h"

static void copy_regs(char *dst, const uint32_t *regs, unsigned n)
{
	memcpy(dst, regs, n * 4);
	dst[n * 4] = '\0';
}

/* Brand strings are right-justified with leading blanks on older parts. */
static void read_brand(char *brand)
{
	uint32_t w[12];
	unsigned i;
	char *s;

	brand[0] = '\0';
	if (cpuid(0x80000000, 0).a < 0x80000004)
		return;
	for (i = 0; i < 3; i++) {
		struct cpuid_regs r = cpuid(0x80000002 + i, 0);

		w[4 * i] = r.a, w[4 * i + 1] = r.b, w[4 * i + 2] = r.c, w[4 * i + 3] = r.d;
	}
	copy_regs(brand, w, 12);
	for (s = brand; *s == ' '; s++)
		;
	memmove(brand, s, strlen(s) + 1);
}

static uint32_t bits_for(uint32_t count)
{
	uint32_t n = 0;

	while ((1u << n) < count)
		n++;
	return n;
}

/* Leaf 0BH gives the exact shifts (SDM Vol. 3A 8.9.4); without it, fall back
 * to leaf 1 (logical per package) and leaf 4 (cores per package). */
static void read_topology(struct cpu_ident *id, struct cpuid_regs l1)
{
	id->x2apic_id = id->initial_apic_id;
	if (id->max_leaf >= 0xB && cpuid(0xB, 0).b != 0) {
		unsigned sub;

		id->x2apic_id = cpuid(0xB, 0).d;
		for (sub = 0; sub < 8; sub++) {
			struct cpuid_regs r = cpuid(0xB, sub);
			uint32_t type = (r.c >> 8) & 0xff;

			if (type == 0)
				break;
			if (type == 1)
				id->smt_shift = r.a & 0x1f;
			if (type == 2)
				id->core_shift = r.a & 0x1f;
		}
		if (!id->core_shift)
			id->core_shift = id->smt_shift;
		return;
	}
	{
		uint32_t logical = (l1.d & (1u << 28)) ? (l1.b >> 16) & 0xff : 1;
		uint32_t cores = id->max_leaf >= 4 ? ((cpuid(4, 0).a >> 26) & 0x3f) + 1 : 1;

		id->core_shift = bits_for(logical ? logical : 1);
		id->smt_shift = bits_for(cores ? (logical + cores - 1) / cores : 1);
		if (id->smt_shift > id->core_shift)
			id->smt_shift = id->core_shift;
	}
}

void cpuid_identify(struct cpu_ident *id)
{
	struct cpuid_regs r = cpuid(0, 0), l1;
	uint32_t base_family;

	memset(id, 0, sizeof(*id));
	id->max_leaf = r.a;
	copy_regs(id->vendor, (uint32_t[]){ r.b, r.d, r.c }, 3);
	l1 = cpuid(1, 0);
	id->signature = l1.a;
	base_family = (l1.a >> 8) & 0xf;
	id->family = base_family == 0xf ? base_family + ((l1.a >> 20) & 0xff) : base_family;
	id->model = (l1.a >> 4) & 0xf;
	if (base_family == 0x6 || base_family == 0xf)
		id->model |= ((l1.a >> 16) & 0xf) << 4;
	id->stepping = l1.a & 0xf;
	id->hypervisor = (l1.c >> 31) & 1;
	id->x2apic = (l1.c >> 21) & 1;
	id->pdcm = (l1.c >> 15) & 1;
	id->initial_apic_id = l1.b >> 24;
	if (id->max_leaf >= 0xA)
		id->pmu_version = (uint8_t)cpuid(0xA, 0).a;
	if (id->hypervisor) {
		r = cpuid(0x40000000, 0);
		copy_regs(id->hv_sig, (uint32_t[]){ r.b, r.c, r.d }, 3);
	}
	read_brand(id->brand);
	read_topology(id, l1);
}

void cpuid_split_apic_id(const struct cpu_ident *id, uint32_t apic_id,
			 uint32_t *pkg, uint32_t *core, uint32_t *thread)
{
	*thread = apic_id & ((1u << id->smt_shift) - 1);
	*core = (apic_id >> id->smt_shift) & ((1u << (id->core_shift - id->smt_shift)) - 1);
	*pkg = apic_id >> id->core_shift;
}
