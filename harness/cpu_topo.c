/* The tests' own CPU topology (harness/cpu_topo.h): APIC ids split by the
 * CPUID topology leaves (SDM Vol. 3A 8.9.4), read through pmu_cpuid, which
 * is the CPU's CPUID on hardware and passes these leaves down unchanged on
 * the emulated backend (it presents only the core PMU's leaf 0AH). */
#include "harness/cpu_topo.h"
#include "harness/runner.h"
#include "pmu/backend/backend.h"
#include "pmu/core_enum.h"

/* Bits needed to number n things: the width of an APIC-id field. */
static unsigned field_bits(unsigned n)
{
	unsigned b = 0;

	while (n > 1u << b)
		b++;
	return b;
}

/* Leaf 0BH: each level's EAX[4:0] shifts the APIC id to the next level's
 * id; level type (ECX[15:8]) 1 is SMT, 2 is core. False where the leaf is
 * absent or reports no level (EBX of sub-leaf 0 is 0). */
static bool leaf_0b(struct cpu_topo *t, uint32_t max_leaf)
{
	uint32_t r[4];
	unsigned sub;

	pmu_cpuid(0xB, 0, r);
	if (max_leaf < 0xB || !(r[1] & 0xFFFF))
		return false;
	for (sub = 0; sub < 8; sub++) {
		pmu_cpuid(0xB, sub, r);
		if (((r[2] >> 8) & 0xFF) == 1)
			t->smt_shift = r[0] & 0x1F;
		else if (((r[2] >> 8) & 0xFF) == 2)
			t->pkg_shift = r[0] & 0x1F;
		else
			break;
	}
	if (t->pkg_shift < t->smt_shift)
		t->pkg_shift = t->smt_shift;
	return true;
}

/* Leaves 01H and 04H: EBX[23:16] addressable logical processors per package
 * (when EDX.HTT, bit 28, says there are several), EAX[31:26] + 1 of leaf 4
 * addressable cores. */
static void leaf_01_04(struct cpu_topo *t, uint32_t max_leaf)
{
	uint32_t r[4], logical = 1, cores = 1;

	pmu_cpuid(1, 0, r);
	if (r[3] & (1u << 28))
		logical = (r[1] >> 16) & 0xFF;
	if (max_leaf >= 4) {
		pmu_cpuid(4, 0, r);
		cores = (r[0] >> 26) + 1;
	}
	logical = logical ? logical : 1;
	t->pkg_shift = field_bits(logical);
	t->smt_shift = field_bits((logical + cores - 1) / cores);
	if (t->smt_shift > t->pkg_shift)
		t->smt_shift = t->pkg_shift;
}

static uint32_t pkg_key(const struct cpu_topo *t, unsigned cpu)
{
	const struct plat_cpu *c = plat_cpu(cpu);

	return t->src == TOPO_FIRMWARE ? c->package : c->apic_id >> t->pkg_shift;
}

/* Unique in the package (the CPUID key also carries the package bits). */
static uint32_t core_key(const struct cpu_topo *t, unsigned cpu)
{
	const struct plat_cpu *c = plat_cpu(cpu);

	return t->src == TOPO_FIRMWARE ? c->core : c->apic_id >> t->smt_shift;
}

/* CPUs before `cpu` in the list with its package key: none means it is the
 * first of its package. */
static bool first_of_package(const struct cpu_topo *t, unsigned cpu)
{
	unsigned j;

	for (j = 0; j < cpu; j++)
		if (pkg_key(t, j) == pkg_key(t, cpu))
			return false;
	return true;
}

void cpu_topo_read(struct cpu_topo *t)
{
	uint32_t r[4];
	unsigned i, pkgs = 0;

	memset(t, 0, sizeof(*t));
	pmu_cpuid(0, 0, r);
	t->src = leaf_0b(t, r[0]) ? TOPO_LEAF_0B : TOPO_LEAF_01_04;
	if (t->src == TOPO_LEAF_01_04)
		leaf_01_04(t, r[0]);
	for (i = 0; i < plat_cpu_count(); i++)
		pkgs += first_of_package(t, i);
	if (pkgs != plat_package_count())
		t->src = TOPO_FIRMWARE;
}

const char *cpu_topo_src_name(enum cpu_topo_src s)
{
	return s == TOPO_LEAF_0B ? "CPUID leaf 0BH" : s == TOPO_LEAF_01_04 ? "CPUID leaves 01H/04H"
									    : "firmware ids";
}

bool cpu_topo_same_package(const struct cpu_topo *t, unsigned a, unsigned b)
{
	return pkg_key(t, a) == pkg_key(t, b);
}

bool cpu_topo_same_core(const struct cpu_topo *t, unsigned a, unsigned b)
{
	return cpu_topo_same_package(t, a, b) && core_key(t, a) == core_key(t, b);
}

/* How many distinct cores of cpu's package have a key below `below`. */
static unsigned cores_below(const struct cpu_topo *t, unsigned cpu, uint64_t below)
{
	unsigned i, j, n = 0;

	for (i = 0; i < plat_cpu_count(); i++) {
		bool first = true;

		if (!cpu_topo_same_package(t, i, cpu) || core_key(t, i) >= below)
			continue;
		for (j = 0; j < i && first; j++)
			first = !cpu_topo_same_core(t, i, j);
		n += first;
	}
	return n;
}

unsigned cpu_topo_core(const struct cpu_topo *t, unsigned cpu)
{
	return cores_below(t, cpu, core_key(t, cpu));
}

unsigned cpu_topo_cores(const struct cpu_topo *t, unsigned cpu)
{
	return cores_below(t, cpu, UINT64_MAX);
}

struct type_of {
	bool hybrid;
	uint8_t type;
};

static void type_here(void *p)
{
	struct type_of *o = p;

	o->hybrid = core_enum_core_type(&o->type);
}

/* CPU cpu's core type, if the part is hybrid. */
static bool type_on(unsigned cpu, uint8_t *type)
{
	struct type_of o = { .hybrid = false, .type = 0 };

	if (plat_cpu_lost(cpu) || plat_run_on(cpu, type_here, &o, 1000000, NULL))
		return false;
	*type = o.type;
	return o.hybrid;
}

void cpu_topo_name_types(struct tctx *t, uint64_t cpus)
{
	uint8_t type;
	unsigned i;

	if (!type_on(0, &type))
		return;
	for (i = 0; i < plat_cpu_count() && i < 64; i++)
		if ((cpus >> i & 1) && type_on(i, &type))
			t_figure_at(t, "core_type_id", FIG_CPU, i, type, "id");
}

void cpu_topo_types(struct run_types *out)
{
	uint8_t type;
	unsigned i, k;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < plat_cpu_count() && out->n < RUN_MAX_TYPES; i++) {
		if (!type_on(i, &type)) {
			if (!i)
				return; /* not hybrid */
			continue;
		}
		for (k = 0; k < out->n && out->type[k] != type; k++)
			;
		if (k == out->n) {
			out->cpu[out->n] = i;
			out->type[out->n++] = type;
		}
	}
}
