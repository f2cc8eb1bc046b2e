/* The machine's discovery tables (harness/disc_tables.h). */
#include "harness/disc_tables.h"
#include "harness/cpu_topo.h"
#include "pmu/backend/backend.h"

#define MAX_FNS 4096

static struct disc_machine *mach;
static bool stale;
/* Each socket's units, allocated once a run. */
static struct disc_unit *units[DISC_MAX_SOCKETS];
static struct disc_pci_list pci;

/* The first CPU of each package, in CPU order: socket k's is the k-th. */
static unsigned socket_cpus(unsigned *cpu, unsigned max)
{
	struct cpu_topo topo;
	unsigned n = 0;

	cpu_topo_read(&topo);
	for (unsigned c = 0; c < plat_cpu_count() && n < max; c++) {
		bool seen = false;

		for (unsigned k = 0; k < n && !seen; k++)
			seen = cpu_topo_same_package(&topo, cpu[k], c);
		if (!seen)
			cpu[n++] = c;
	}
	return n;
}

/* D-06 on every socket where the model may offer it, else D-01..D-04
 * (OQ-D1, OQ-D3). */
static void find(struct disc_machine *m, const unsigned *cpu, unsigned ncpu)
{
	struct disc_found d[DISC_MAX_SOCKETS + 4];
	unsigned n = 0, k;

	bool msr = disc_msr_offers(m->model);

	for (k = 0; msr && k < ncpu && disc_find_msr(&disc_io_space, cpu[k], &m->s[k].at); k++)
		;
	if (msr && k == ncpu) {
		m->nsock = ncpu;
		return;
	}
	n = disc_find_pci(&disc_io_space, &pci, d, ARRAY_SIZE(d));
	for (unsigned i = 0; i < n; i++) {
		if (d[i].bad) {
			if (m->nbad < ARRAY_SIZE(m->bad))
				m->bad[m->nbad++] = d[i];
		} else if (m->nsock < ncpu && m->nsock < DISC_MAX_SOCKETS) {
			m->s[m->nsock].at = d[i];
			m->s[m->nsock].cpu = cpu[m->nsock];
			m->nsock++;
		}
	}
	if (!m->nsock)
		snprintf(m->why, sizeof(m->why), "no discovery table: no MSR 0x201E, no PCI "
			 "capability 0x23 of PMON entries on %u Intel functions (D-01..D-06)", pci.n);
}

const struct disc_machine *disc_machine(void)
{
	unsigned cpu[DISC_MAX_SOCKETS], ncpu;
	uint32_t r[4];

	if (mach && !stale)
		return mach;
	if (!mach && (!(mach = plat_alloc(sizeof(*mach))) ||
		      !(pci.e = plat_alloc(MAX_FNS * sizeof(*pci.e))))) {
		static struct disc_machine none = { .why = "no memory for the tables" };

		return mach = &none;
	}
	stale = false;
	memset(mach, 0, sizeof(*mach));
	pci.n = 0;
	pci.cap = MAX_FNS;
	pmu_cpuid(1, 0, r);
	mach->model = ((r[0] >> 4) & 0xF) | ((r[0] >> 16) & 0xF) << 4;
	ncpu = socket_cpus(cpu, DISC_MAX_SOCKETS);
	for (unsigned k = 0; k < ncpu; k++)
		mach->s[k].cpu = cpu[k];
	disc_pci_scan(&disc_io_space, &pci);
	find(mach, cpu, ncpu);
	for (unsigned k = 0; k < mach->nsock; k++) {
		struct disc_socket *s = &mach->s[k];

		if (!units[k])
			units[k] = plat_alloc(DISC_MAX_UNITS * sizeof(*s->t.units));
		s->t.units = units[k];
		s->t.cap = s->t.units ? DISC_MAX_UNITS : 0;
		s->rc = disc_parse(&s->t, s->at.base, disc_io_space.read64, NULL);
		if (s->rc == DISC_OK)
			s->fixes = disc_fix_apply(&disc_io_space, &pci, mach->model, k, s->cpu, &s->t);
	}
	return mach;
}

void disc_machine_forget(void)
{
	stale = true;
}
