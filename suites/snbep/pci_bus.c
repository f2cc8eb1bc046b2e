/* The Xeon Scalable's PCI buses, a bus per stack (spec xeon-sp-uncore.md
 * K-25, K-27): a CPU of each package to read MSR 0x300 on, and the
 * skx.pci.busno test that every CPU of a package reads the same valid
 * buses there, that packages do not share them, and that they hold the
 * functions K-27 places on them. */
#include "suites/snbep/pci.h"
#include "suites/snbep/v2.h"

#define VENDOR_INTEL 0x8086u

bool spb_package_cpu(unsigned pkg, unsigned *cpu)
{
	struct cpu_topo t;
	unsigned i, j, n = 0;

	cpu_topo_read(&t);
	for (i = 0; i < plat_cpu_count(); i++) {
		for (j = 0; j < i && !cpu_topo_same_package(&t, i, j); j++)
			;
		if (j < i || n++ != pkg)
			continue; /* not its package's first CPU, or not the pkg-th package */
		for (j = i; j < plat_cpu_count(); j++)
			if (cpu_topo_same_package(&t, i, j) && plat_cpu(j)->enabled &&
			    !plat_cpu_lost(j)) {
				*cpu = j;
				return true;
			}
		return false;
	}
	return false;
}

/* K-27: function dev.fn of stack s's bus answers with id did. */
static bool answers(uint64_t busno, unsigned s, uint8_t dev, uint8_t fn, uint16_t did)
{
	struct pci_fn f = { .bus = SPB_STACK_BUS(busno, s), .dev = dev, .fn = fn };
	uint32_t id;

	return !pci_cfg_read(f, 0, 4, &id) && id == ((uint32_t)did << 16 | VENDOR_INTEL);
}

/* K-27's places (§4's ids), each on its stack: the U-box function on
 * stack 0, the PCU function 3 on 1, iMC channel 0 on 2, M2PCIe 0 on 3. */
static const struct { uint8_t stack, dev, fn; uint16_t did; const char *name; } places[] = {
	{ 0, 8, 2, 0x2014, "U-box" }, { 1, 30, 3, 0x2083, "PCU function 3" },
	{ 2, 10, 2, 0x2042, "iMC channel 0" }, { 3, 21, 1, 0x2088, "M2PCIe 0" },
};

/* Package p (read on CPU cpu): every CPU of it reads the same value, its
 * valid bit set, none of the buses of stacks 0..3 another package's
 * (seen[]). */
static enum verdict package_buses(struct tctx *t, unsigned p, unsigned cpu, uint64_t *v,
				  bool seen[256])
{
	struct cpu_topo topo;
	uint64_t w;
	unsigned i, s;

	cpu_topo_read(&topo);
	RD_ON(t, cpu, SPB_CPU_BUS_NUMBER, v);
	if (!(*v & SPB_BUSNO_VALID)) {
		const char *why = "MSR 0x300 (CPU_BUS_NUMBER) on CPU %u of package %u reads 0x%llx: "
				  "valid bit 63 clear, the firmware reported no stack buses, so the "
				  "PCI boxes cannot be placed (K-25)";

		return t_on_model() ? t_fail(t, why, cpu, p, (unsigned long long)*v)
				    : t_skip(t, why, cpu, p, (unsigned long long)*v);
	}
	for (i = 0; i < plat_cpu_count(); i++) {
		if (!cpu_topo_same_package(&topo, i, cpu) || !plat_cpu(i)->enabled ||
		    plat_cpu_lost(i))
			continue;
		RD_ON(t, i, SPB_CPU_BUS_NUMBER, &w);
		CHECK(t, w == *v, "MSR 0x300 reads 0x%llx on CPU %u but 0x%llx on CPU %u of the same "
		      "package %u (K-25: the package's buses)", (unsigned long long)w, i,
		      (unsigned long long)*v, cpu, p);
	}
	for (s = 0; s < 4; s++) /* the stacks K-27 places a box on (the MCP stacks may be unused) */
		CHECK(t, !seen[SPB_STACK_BUS(*v, s)], "package %u: stack %u's bus 0x%02x is another "
		      "package's (K-25)", p, s, SPB_STACK_BUS(*v, s));
	for (s = 0; s < 4; s++)
		seen[SPB_STACK_BUS(*v, s)] = true;
	return V_PASS;
}

enum verdict spb_busno(struct tctx *t)
{
	static bool seen[256];
	uint64_t v;
	unsigned p, cpu, i;

	if (snb_icx())
		return t_na(t, "Ice Lake-SP: its PCI boxes and MMIO memory controller are described, "
			    "not tested (K-70, OQ-K33)");
	memset(seen, 0, sizeof(seen));
	for (p = 0; spb_package_cpu(p, &cpu); p++) {
		TRY(package_buses(t, p, cpu, &v, seen));
		for (i = 0; i < ARRAY_SIZE(places); i++)
			TRY(t_default(t, "OQ-K13", "K-27's stacks",
				      answers(v, places[i].stack, places[i].dev, places[i].fn,
					      places[i].did),
				      "package %u: no %s 8086:%04X at %02x.%u on stack %u's bus 0x%02x "
				      "(MSR 0x300 0x%llx; K-27)", p, places[i].name, places[i].did,
				      places[i].dev, places[i].fn, places[i].stack,
				      SPB_STACK_BUS(v, places[i].stack), (unsigned long long)v));
	}
	return p ? V_PASS : t_error(t, "no CPU of package 0 to read MSR 0x300 on");
}
