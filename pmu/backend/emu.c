/* The emulated backend: uncore MSRs of the calling CPU's package go to that
 * package's model, of the generation's kind (pmu/emu/models.h); the core
 * PMU MSRs of each CPU to that CPU's own core PMU
 * model, when the core PMU is emulated (pmu/emu/core/model.h); the core side of
 * the uncore PMI path (IA32_DEBUGCTL bit 13, IA32_PERF_GLOBAL_STATUS/OVF_CTRL
 * bit 61) and each CPU's LVT performance-counter entry are kept per CPU here
 * (C-38), because TCG drops unknown MSRs and never fires the LVT; every
 * other MSR and bit goes to the lower backend, and so does CPUID but for
 * what the core model presents. PMIs, the uncore's and the core PMUs',
 * are delivered as IPIs carrying the vector and mode of the target CPU's
 * LVT entry (C-39). */
#include "pmu/emu/emu.h"
#include "pmu/emu/faults.h"
#include "pmu/emu/models.h"
#include "arch/msr.h"
#include "pmu/topo.h"
#include "lib/platform.h"

#define CPUID_PDCM          (1u << 15)   /* CPUID.01H:ECX, C-18 */
#define CPUID_HYBRID        (1u << 15)   /* CPUID.(07H,0):EDX, C-55 */
#define LEAF_HYBRID         0x1Au        /* C-56 */
#define LEAF_PERFMON_EXT    0x23u        /* C-64 */
#define CPUID_PERFMON_EXT   (1u << 8)    /* CPUID.(07H,1):EAX (C-68) */
#define LVT_MASK            0x10000u     /* C-28 */
#define LVT_RW              0x107FFu     /* vector, delivery mode, mask (C-25, C-27) */

static struct {
	struct emu_cfg cfg;
	volatile int lock;
	volatile int poll_lock; /* emu_poll: the tick's and a test's flush */
	uint64_t tsc0, tsc_hz;
	const struct emu_model *model; /* the uncore's generation; NULL: none */
	unsigned npkg;
	uint32_t pkg_id[EMU_MAX_PKG];
	void *pkg[EMU_MAX_PKG];        /* pkg_mem, set up as model's */
	/* Each CPU's package (index into pkg) and core in it (OQ-N4, OQ-X2,
	 * OQ-S15: core n of a package is its n-th distinct core id in
	 * ascending order), whether it is its core's lowest-APIC-id thread, and
	 * the C-state it declared (pmu_cstate). */
	uint8_t cpu_pkg[PLAT_MAX_CPUS], cpu_core[PLAT_MAX_CPUS], cstate[PLAT_MAX_CPUS];
	bool first_thread[PLAT_MAX_CPUS];
	bool uncore_pmi[PLAT_MAX_CPUS]; /* DEBUGCTL bit 13 */
	bool ecore[PLAT_MAX_CPUS];      /* an E-core of a hybrid part (C-60) */
	bool ovf_uncore[PLAT_MAX_CPUS]; /* PERF_GLOBAL_STATUS bit 61 */
	/* Written by its own CPU (outside the lock: a PMI handler may do it) and
	 * masked by delivery (inside it): atomic, so neither update is lost. */
	uint32_t lvtpc[PLAT_MAX_CPUS];
	struct emu_pmi_req storm;       /* PMI_STORM: the request that never ends */
	int storm_pkg;
	volatile bool inside[PLAT_MAX_CPUS]; /* CPU holds the lock (see model_call) */
	struct emu_fault_set faults;    /* emu_cfg.faults, copied */
} emu;

/* Each CPU's core PMU model: 9.7 KB apiece, so allocated (plat_alloc) at
 * the first set-up that emulates the core PMU rather than kept in static
 * storage, which the .efi file would carry; kept for later set-ups (host
 * tests make many). Outside `emu`, which every set-up clears. The
 * packages' uncore models likewise (up to 41 KB each), grown when a
 * generation needs more; a smaller block is left, never freed (there is no
 * plat_free, and a run sets up one generation). */
static struct core_pmu *core_model[PLAT_MAX_CPUS];
static void *pkg_mem[EMU_MAX_PKG], *pci_mem[EMU_MAX_PKG];
/* The platform's one MMIO model (struct emu_model.mmio), if any. */
static void *mmio_mem;
static size_t mmio_mem_size;
static size_t pkg_mem_size[EMU_MAX_PKG], pci_mem_size[EMU_MAX_PKG];

/* A delivery-side defect (family UNCORE: EMU_FF checks it). */
static bool has(emu_faults_t f)
{
	return (emu_faults_for(&emu.faults, EMU_FAM_UNCORE) & f) != 0;
}

static struct core_pmu *core_of(unsigned cpu)
{
	return emu.cfg.core && cpu < PLAT_MAX_CPUS ? core_model[cpu] : NULL;
}

uint32_t emu_pmi_bound_us(void)
{
	return emu.cfg.tick_us ? emu.cfg.tick_us : 1000; /* by hand: as hardware */
}

uint64_t emu_uclk_now(void)
{
	uint64_t d;

	if (emu.cfg.clock)
		return emu.cfg.clock();
	/* Split so that no product exceeds 64 bits (no 128-bit division in the
	 * freestanding build): whole seconds, then the remainder in kHz. */
	d = plat_tsc() - emu.tsc0;
	return d / emu.tsc_hz * emu.cfg.uclk_khz * 1000 +
	       d % emu.tsc_hz * emu.cfg.uclk_khz / (emu.tsc_hz / 1000);
}

/* floor(4d/3) without a product beyond 64 bits. */
uint64_t emu_core_now(void)
{
	uint64_t d;

	if (emu.cfg.core_clock)
		return emu.cfg.core_clock();
	d = plat_tsc() - emu.tsc0;
	return d / 3 * 4 + d % 3 * 4 / 3;
}

/* Package index of CPU i: the position of its package id among those
 * seen before it, EMU_MAX_PKG if there are too many (EMU_F(SHARED_PACKAGES):
 * all in package 0). */
static unsigned find_pkg(unsigned i)
{
	uint32_t id = plat_cpu(i)->package;
	unsigned j;

	for (j = 0; j < emu.npkg && emu.pkg_id[j] != id; j++)
		;
	if (j == emu.npkg) {
		if (emu.npkg == EMU_MAX_PKG)
			return EMU_MAX_PKG;
		emu.pkg_id[emu.npkg++] = id;
	}
	return has(EMU_FF(UNCORE, SHARED_PACKAGES)) ? 0 : j;
}

/* CPU i's core in its package (pmu/topo.h: OQ-N4, OQ-X2, OQ-S15; the
 * defect numbers them from the top), and whether no other thread of that
 * core has a lower APIC id. Raises *ncores (the package's cores) to the
 * index + 1. */
static void place(unsigned i, unsigned *ncores)
{
	const struct plat_cpu *me = plat_cpu(i);
	unsigned j, k = topo_core_index(i);

	if (has(EMU_FF(UNCORE, CORES_DESCENDING)))
		k = topo_package_cores(me->package) - 1 - k;

	emu.first_thread[i] = true;
	for (j = 0; j < plat_cpu_count(); j++)
		if (plat_cpu(j)->package == me->package && plat_cpu(j)->core == me->core &&
		    plat_cpu(j)->apic_id < me->apic_id)
			emu.first_thread[i] = false;
	emu.cpu_core[i] = (uint8_t)k;
	if (k + 1 > *ncores)
		*ncores = k + 1;
}

static unsigned pkg_of(unsigned cpu)
{
	return cpu < plat_cpu_count() ? emu.cpu_pkg[cpu] : 0;
}

/* The C-state of core `core` of package p: its shallowest thread's
 * (OQ-S19). */
static enum pmu_cstate core_cstate(unsigned p, unsigned core)
{
	enum pmu_cstate s = PMU_C6;
	unsigned i;

	for (i = 0; i < plat_cpu_count(); i++)
		if (emu.cpu_pkg[i] == p && emu.cpu_core[i] == core && emu.cstate[i] < s)
			s = (enum pmu_cstate)emu.cstate[i];
	return s;
}

/* A core PMU defect the backend itself shows (family CORE). */
static bool core_has(emu_faults_t f)
{
	return (emu_faults_for(&emu.faults, EMU_FAM_CORE) & f) != 0;
}

/* C-60, OQ-C22 default: on a hybrid part the CPUs ranked by APIC id, the
 * lower half (the odd one included) are P-cores, the rest E-cores, as the
 * parts number their P-cores first. */
static void place_types(void)
{
	unsigned i, j, n = plat_cpu_count(), below;

	for (i = 0; i < n && emu.cfg.core_e; i++) {
		for (below = 0, j = 0; j < n; j++)
			below += plat_cpu(j)->apic_id < plat_cpu(i)->apic_id;
		emu.ecore[i] = below >= (n + 1) / 2;
	}
}

/* CPU cpu's core PMU shape: its type's (hybrid-same-shape: the P-core's
 * everywhere, C-57 broken). */
static const struct core_shape *shape_of(unsigned cpu)
{
	bool e = cpu < PLAT_MAX_CPUS && emu.ecore[cpu];

	return e && !core_has(EMU_FF(CORE, CORE_HYBRID_SAME_SHAPE)) ? emu.cfg.core_e : emu.cfg.core;
}

static int setup_cores(void)
{
	unsigned i;

	place_types();
	for (i = 0; i < plat_cpu_count(); i++) {
		if (!core_model[i] && !(core_model[i] = plat_alloc(sizeof(struct core_pmu))))
			return PLAT_ENOMEM;
		if (core_init(core_model[i], shape_of(i), emu_faults_for(&emu.faults, EMU_FAM_CORE),
			      emu_core_now()))
			return PLAT_EINVAL;
	}
	return PLAT_OK;
}

/* One model per package, in pkg_mem; each core's C-state as its CPUs stand
 * at set-up (the BSP in C0, every other CPU in C1: OQ-S19). */
static int setup_uncore(const unsigned *ncores)
{
	const struct emu_model *m = emu.model;
	enum emu_fault_family fam;
	unsigned p, k;

	for (p = 0; p < emu.npkg; p++) {
		if (pkg_mem_size[p] < m->size) {
			if (!(pkg_mem[p] = plat_alloc(m->size)))
				return PLAT_ENOMEM;
			pkg_mem_size[p] = m->size;
		}
		emu.pkg[p] = pkg_mem[p];
		m->init(emu.pkg[p], emu_faults_for(&emu.faults, emu_binding_for(emu.cfg.gen->name)->defects),
			ncores[p], emu.cfg.cpu_model, emu.cfg.uclk_khz, emu_uclk_now());
		for (k = 0; m->cstate && k < ncores[p]; k++)
			m->cstate(emu.pkg[p], k, core_cstate(p, k), emu_uclk_now());
		if (!m->pci)
			continue;
		if (!m->pci->size) {
			pci_mem[p] = pkg_mem[p];
		} else if (pci_mem_size[p] < m->pci->size) {
			if (!(pci_mem[p] = plat_alloc(m->pci->size)))
				return PLAT_ENOMEM;
			pci_mem_size[p] = m->pci->size;
		}
		/* its own family's mask, or its generation's */
		fam = m->pci->own_family ? m->pci->defects
					 : emu_binding_for(emu.cfg.gen->name)->defects;
		if (m->pci->init)
			m->pci->init(pci_mem[p], emu_faults_for(&emu.faults, fam), p,
				     emu.npkg, emu.cfg.uclk_khz, emu_uclk_now());
	}
	if (!m->mmio)
		return PLAT_OK;
	if (mmio_mem_size < m->mmio->size) {
		if (!(mmio_mem = plat_alloc(m->mmio->size)))
			return PLAT_ENOMEM;
		mmio_mem_size = m->mmio->size;
	}
	m->mmio->init(mmio_mem, emu_faults_for(&emu.faults, emu_binding_for(emu.cfg.gen->name)->defects),
		      emu_faults_for(&emu.faults, m->mmio->defects), emu.cfg.uclk_khz, emu_uclk_now());
	return PLAT_OK;
}

/* Everything emu_setup sets up but the locks, which the caller holds or
 * has cleared. */
static int build(const struct emu_cfg *c)
{
	unsigned i, p, n = plat_cpu_count(), ncores[EMU_MAX_PKG] = { 0 };
	const struct emu_binding *bound = c->gen ? emu_binding_for(c->gen->name) : NULL;
	const struct emu_model *m = bound ? bound->model : NULL;
	int lock = emu.lock, poll_lock = emu.poll_lock, rc;

	if (c->gen && !m)
		return PLAT_EUNSUPPORTED;
	if (!c->gen && !c->core)
		return PLAT_EINVAL;
	memset(&emu, 0, sizeof(emu));
	emu.lock = lock;
	emu.poll_lock = poll_lock;
	emu.cfg = *c;
	if (c->faults)
		emu.faults = *c->faults;
	emu.cfg.faults = NULL; /* emu.faults holds them */
	emu.model = m;
	emu.storm_pkg = -1;
	emu.tsc_hz = plat_tsc_hz();
	emu.tsc0 = plat_tsc();
	if (m && m->uclk_is_tsc && !c->clock) /* OQ-S18 */
		emu.cfg.uclk_khz = (uint32_t)(emu.tsc_hz / 1000);
	for (i = 0; i < n; i++) {
		emu.lvtpc[i] = LVT_MASK; /* C-25 reset value */
		emu.cstate[i] = i ? PMU_C1 : PMU_C0; /* OQ-S19 */
		if (!m)
			continue; /* no uncore (npkg 0): its MSRs go down like any other */
		if ((p = find_pkg(i)) == EMU_MAX_PKG)
			return PLAT_EINVAL;
		emu.cpu_pkg[i] = (uint8_t)p;
		place(i, &ncores[p]);
	}
	if (m && (rc = setup_uncore(ncores)))
		return rc;
	return c->core ? setup_cores() : PLAT_OK;
}

int emu_setup(const struct emu_cfg *c)
{
	emu.lock = emu.poll_lock = 0;
	return build(c);
}

/* Both locks held, so that no tick or flush (emu_poll) on any CPU sees the
 * models half set up; the packages' and CPUs' blocks are those of the
 * first set-up, so nothing is allocated here. */
int emu_refault(const struct emu_fault_set *f)
{
	struct emu_cfg c = emu.cfg;
	uint64_t pflags = plat_lock(&emu.poll_lock), flags = plat_lock(&emu.lock);
	int rc;

	c.faults = f;
	rc = build(&c);
	plat_unlock(&emu.lock, flags);
	plat_unlock(&emu.poll_lock, pflags);
	return rc;
}

struct delivery {
	uint32_t apic_id;
	unsigned vector;
	bool nmi;
};

/* One PMI to cpu through its LVT entry, the uncore's or its core PMU's
 * alike (C-30): nothing if the entry is masked (C-28, OQ-C2 default: lost)
 * or in a mode other than Fixed and NMI (C-26); else the entry is masked
 * (C-29) and the IPI to send is *out. The two LVT defects break the entry
 * itself, so they act on both kinds of PMI. */
static bool through_lvt(unsigned cpu, struct delivery *out)
{
	uint32_t lvt = emu.lvtpc[cpu];
	unsigned mode = (lvt >> 8) & 7;

	if ((lvt & LVT_MASK) && !has(EMU_FF(UNCORE, LVT_MASK_IGNORED)))
		return false;
	if (mode != 0 && mode != 4)
		return false;
	if (!has(EMU_FF(UNCORE, LVT_NO_MASK)))
		__atomic_or_fetch(&emu.lvtpc[cpu], LVT_MASK, __ATOMIC_SEQ_CST);
	*out = (struct delivery){ .apic_id = plat_cpu(cpu)->apic_id, .vector = lvt & 0xff,
				  .nmi = mode == 4 };
	return true;
}

/* Route one PMI request of package p to the CPUs it reaches (N-31..N-35,
 * X-19, C-39): every thread of each selected core (OQ-N4) or its
 * lowest-APIC-id one (OQ-X2), as the generation says. The IPIs are sent
 * after the lock is dropped. */
static unsigned route(unsigned p, const struct emu_pmi_req *req, struct delivery *out)
{
	unsigned cpu, n = 0;

	if (has(EMU_FF(UNCORE, PMI_NEVER)))
		return 0;
	for (cpu = 0; cpu < plat_cpu_count() && has(EMU_FF(UNCORE, BIT61_EVERYWHERE)); cpu++)
		emu.ovf_uncore[cpu] = true; /* C-06 broken: reached or not */
	for (cpu = 0; cpu < plat_cpu_count(); cpu++) {
		if (pkg_of(cpu) != p || !(req->cores & (1u << emu.cpu_core[cpu])))
			continue;
		if (emu.model->one_thread && !emu.first_thread[cpu])
			continue;
		if (!emu.uncore_pmi[cpu] && !has(EMU_FF(UNCORE, DEBUGCTL_IGNORED)))
			continue; /* N-32 */
		if (!through_lvt(cpu, &out[n]))
			continue;
		if (!has(EMU_FF(UNCORE, NO_BIT61)))
			emu.ovf_uncore[cpu] = true; /* C-06, OQ-C4 default */
		n++;
	}
	return n;
}

/* The core PMU PMIs of every CPU, each to its own CPU's LVT entry: one per
 * request (C-10, C-22), not gated by DEBUGCTL bit 13, which is the uncore's
 * (C-02). Returns how many of max deliveries it filled. */
static unsigned core_pmis(uint64_t now, struct delivery *out, unsigned max)
{
	struct core_pmi_req reqs[CORE_MAX_PMI_REQ];
	unsigned cpu, i, k, n = 0;

	for (cpu = 0; cpu < plat_cpu_count(); cpu++) {
		struct core_pmu *u = core_of(cpu);

		if (!u)
			continue;
		core_advance(u, now);
		k = core_take_pmi(u, reqs, CORE_MAX_PMI_REQ);
		for (i = 0; i < k && n < max; i++)
			n += through_lvt(cpu, &out[n]);
	}
	return n;
}

/* Package p still routes PMIs to some core (N-31). */
static bool storm_routed(unsigned p)
{
	return emu.model->routed && emu.model->routed(emu.pkg[p]);
}

bool emu_throttle(bool on)
{
	uint64_t flags;
	unsigned p;

	if (!emu.npkg || !emu.model->throttle)
		return false;
	flags = plat_lock(&emu.lock);
	for (p = 0; p < emu.npkg; p++)
		emu.model->throttle(emu.pkg[p], on, emu_uclk_now());
	plat_unlock(&emu.lock, flags);
	return true;
}

/* Called by the tick and by a test's pmu_pmi_flush, on any CPU: poll_lock
 * keeps one poll (and its use of out[]) whole. It is held while sending the
 * IPIs, which plat_lock's rule allows here: nobody takes poll_lock from a
 * PMI handler, and the model lock is free by then. */
void emu_poll(void)
{
	static struct delivery out[PLAT_MAX_CPUS * EMU_MAX_PMI_REQ];
	struct emu_pmi_req reqs[EMU_MAX_PMI_REQ];
	unsigned p, i, k, n = 0;
	uint64_t flags, now, pflags;

	pflags = plat_lock(&emu.poll_lock);
	flags = plat_lock(&emu.lock);
	now = emu_uclk_now();
	for (p = 0; p < emu.npkg; p++) {
		k = emu.model->take_pmi(emu.pkg[p], now, reqs, EMU_MAX_PMI_REQ);
		for (i = 0; i < k && n + plat_cpu_count() <= ARRAY_SIZE(out); i++)
			n += route(p, &reqs[i], out + n);
		if (k && has(EMU_FF(UNCORE, PMI_STORM)) && emu.model->routed) {
			emu.storm = reqs[k - 1];
			emu.storm_pkg = (int)p;
		}
	}
	/* The storm lasts until the package stops routing PMIs to any core (the
	 * storm guard's GLOBAL_CTRL = 0, seen here or at the write); then it is
	 * over for good. */
	if (emu.storm_pkg >= 0 && !storm_routed((unsigned)emu.storm_pkg))
		emu.storm_pkg = -1;
	if (emu.storm_pkg >= 0 && n + plat_cpu_count() <= ARRAY_SIZE(out))
		n += route((unsigned)emu.storm_pkg, &emu.storm, out + n);
	if (emu.cfg.core)
		n += core_pmis(emu_core_now(), out + n, ARRAY_SIZE(out) - n);
	plat_unlock(&emu.lock, flags);
	for (i = 0; i < n; i++) {
		int rc = plat_apic_send_ipi(out[i].apic_id, out[i].vector, out[i].nmi);

		if (rc) /* a PMI lost here would pass for one that never came */
			plat_log(0, "emu: the PMI to APIC id %u was not sent (error %d)",
				 out[i].apic_id, rc);
	}
	plat_unlock(&emu.poll_lock, pflags);
}

static int lower_read(unsigned cpu, uint32_t msr, uint64_t *val)
{
	*val = 0;
	return emu.cfg.lower ? emu.cfg.lower->read(cpu, msr, val) : 0;
}

static int lower_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	return emu.cfg.lower ? emu.cfg.lower->write(cpu, msr, val) : 0;
}

/* CPU cpu's core PMU model, for an MSR it answers (-1: not one of its).
 * IA32_PERF_GLOBAL_STATUS is the model's counter bits with this backend's
 * bit 61; IA32_PERF_GLOBAL_OVF_CTRL's bit 61 clears that copy, STATUS_SET's
 * (version 4) sets it, the rest goes to the model (C-07, C-38, C-44).
 * IA32_DEBUGCTL is not the model's, but a version-4 model sees its writes
 * for the freezes (C-51). */
static int core_call(struct core_pmu *u, unsigned cpu, uint32_t msr, uint64_t *val, bool write)
{
	uint64_t now = emu_core_now();
	int rc;

	if (msr == MSR_DEBUGCTL) {
		if (write)
			core_debugctl_write(u, *val, now);
		return -1;
	}
	if (write && msr == MSR_GLOBAL_STATUS_SET) {
		rc = core_wrmsr(u, msr, *val & ~OVF_UNCORE, now);
		if (!rc && (*val & OVF_UNCORE))
			emu.ovf_uncore[cpu] = true;
		return rc;
	}
	if (!write) {
		rc = core_rdmsr(u, msr, now, val);
		if (!rc && msr == MSR_GLOBAL_STATUS && emu.ovf_uncore[cpu])
			*val |= OVF_UNCORE;
		return rc;
	}
	if (msr == MSR_GLOBAL_OVF_CTRL) {
		if ((*val & OVF_UNCORE) && !has(EMU_FF(UNCORE, BIT61_STICKY)))
			emu.ovf_uncore[cpu] = false;
		return core_wrmsr(u, msr, *val & ~OVF_UNCORE, now);
	}
	return core_wrmsr(u, msr, *val, now);
}

/* The model lock, taken by the calling CPU for one access; false if the
 * CPU already holds it (PLAT_EBUSY). An NMI handler that touches an MSR
 * while its CPU was itself inside this lock would spin forever on it; it
 * gets PLAT_EBUSY instead (reported by the test as an error, never a
 * hang). The mark goes up before the lock is taken and down after it is
 * given back (leave), so no NMI can land between the two unseen;
 * interrupts are off across the whole, so a Fixed-vector PMI handler never
 * sees the mark (it would fail a correct access). */
static bool enter(unsigned me, uint64_t *flags)
{
	*flags = plat_irq_save();
	if (emu.inside[me]) {
		plat_irq_restore(*flags);
		return false;
	}
	emu.inside[me] = true;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	plat_lock(&emu.lock);
	return true;
}

static void leave(unsigned me, uint64_t flags)
{
	plat_unlock(&emu.lock, 0);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
	emu.inside[me] = false;
	plat_irq_restore(flags);
}

/* One model access under the lock: the package's uncore, then the CPU's
 * core PMU; -1 if neither answers the MSR. A write that leaves the package
 * routing PMIs to no core ends a PMI_STORM there and then (the storm
 * guard's write, C-41), not at the next tick. */
static int model_call(unsigned cpu, uint32_t msr, uint64_t *val, bool write)
{
	unsigned me = plat_this_cpu(), p = pkg_of(cpu), c = emu.cpu_core[cpu];
	struct core_pmu *u = core_of(cpu);
	uint64_t flags;
	int rc = -1;

	if (!emu.npkg && !u)
		return -1;
	if (!enter(me, &flags))
		return PLAT_EBUSY;
	if (emu.npkg) {
		rc = write ? emu.model->wrmsr(emu.pkg[p], c, msr, *val, emu_uclk_now())
			   : emu.model->rdmsr(emu.pkg[p], c, msr, emu_uclk_now(), val);
		if (write && emu.storm_pkg == (int)p && !storm_routed(p))
			emu.storm_pkg = -1;
	}
	if (rc < 0 && u)
		rc = core_call(u, cpu, msr, val, write);
	leave(me, flags);
	return rc;
}

static int emu_read(unsigned cpu, uint32_t msr, uint64_t *val)
{
	int rc = model_call(cpu, msr, val, false);

	if (rc >= 0 || rc == PLAT_EBUSY)
		return rc;
	rc = lower_read(cpu, msr, val);
	if (msr == MSR_DEBUGCTL && core_of(cpu)) /* C-51: the freeze bits of a v4 model */
		*val = core_debugctl_read(core_of(cpu), *val);
	if (msr == MSR_DEBUGCTL) /* C-38: bit 13 from the copy, the rest passed */
		*val = (*val & ~DEBUGCTL_UNCORE_PMI) | (emu.uncore_pmi[cpu] ? DEBUGCTL_UNCORE_PMI : 0);
	else if (msr == MSR_GLOBAL_STATUS) /* a real core PMU's bits with the copy's 61 */
		*val = (*val & ~OVF_UNCORE) | (emu.ovf_uncore[cpu] ? OVF_UNCORE : 0);
	return rc;
}

static int emu_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	int rc = model_call(cpu, msr, &val, true);

	if (rc >= 0 || rc == PLAT_EBUSY)
		return rc;
	if (msr == MSR_DEBUGCTL) { /* C-01, C-38 */
		emu.uncore_pmi[cpu] = val & DEBUGCTL_UNCORE_PMI;
		val &= ~DEBUGCTL_UNCORE_PMI;
	} else if (msr == MSR_GLOBAL_OVF_CTRL) { /* C-07 */
		if ((val & OVF_UNCORE) && !has(EMU_FF(UNCORE, BIT61_STICKY)))
			emu.ovf_uncore[cpu] = false;
		val &= ~OVF_UNCORE;
	}
	return lower_write(cpu, msr, val);
}

static uint32_t emu_lvtpc_read(void)
{
	return emu.lvtpc[plat_this_cpu()];
}

/* The real entry is written too (harmless under TCG, which never fires it,
 * and it keeps a hardware run with backend=emu consistent). */
static void emu_lvtpc_write(uint32_t v)
{
	__atomic_store_n(&emu.lvtpc[plat_this_cpu()], v & LVT_RW, __ATOMIC_SEQ_CST);
	if (emu.cfg.lower)
		emu.cfg.lower->lvtpc_write(v);
}

/* CPUID.1AH:EAX of a hybrid part's CPU: its type's (its place's, C-60)
 * core type in bits 31:24 (C-56; hybrid-type-swapped: the other type's),
 * native model id 0 (OQ-C23). */
static uint32_t hybrid_eax(unsigned cpu)
{
	bool e = cpu < PLAT_MAX_CPUS && emu.ecore[cpu];

	if (core_has(EMU_FF(CORE, CORE_HYBRID_TYPE_SWAPPED)))
		e = !e;
	return (uint32_t)(e ? emu.cfg.core_e : emu.cfg.core)->core_type << 24;
}

/* C-11, C-18: the calling CPU's core model's leaf 0AH and PDCM over the
 * lower view; on a hybrid part also the Hybrid flag and leaf 1AH (C-55,
 * C-56), which QEMU cannot present per CPU; where the shape has it, leaf
 * 23H (C-64). */
static void emu_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
	unsigned me = plat_this_cpu();
	const struct core_shape *s = emu.cfg.core ? shape_of(me) : NULL;
	uint32_t top = s && s->leaf23 ? LEAF_PERFMON_EXT : emu.cfg.core_e ? LEAF_HYBRID : 0xA;

	if (emu.cfg.lower)
		emu.cfg.lower->cpuid(leaf, subleaf, r);
	else
		memset(r, 0, 4 * sizeof(r[0]));
	if (!s)
		return;
	if (leaf == 0 && r[0] < top)
		r[0] = top; /* the view has these leaves, so the highest leaf reaches them */
	else if (leaf == 0xA)
		core_cpuid_0a(s, r);
	else if (leaf == 1)
		r[2] = (r[2] & ~CPUID_PDCM) | (s->pdcm ? CPUID_PDCM : 0);
	else if (leaf == 7 && subleaf == 0 && (emu.cfg.core_e || s->leaf23)) {
		r[3] |= emu.cfg.core_e ? CPUID_HYBRID : 0;
		if (s->leaf23 && r[0] < 1)
			r[0] = 1; /* sub-leaf 1 reached (C-68) */
	} else if (leaf == 7 && subleaf == 1 && s->leaf23)
		r[0] |= CPUID_PERFMON_EXT; /* leaf 23H supported (C-68) */
	else if (leaf == LEAF_HYBRID && emu.cfg.core_e)
		r[0] = hybrid_eax(me), r[1] = r[2] = r[3] = 0;
	else if (leaf == LEAF_PERFMON_EXT && s->leaf23) /* C-64..C-66 */
		core_cpuid_23(s, emu_faults_for(&emu.faults, EMU_FAM_CORE), subleaf, r);
}

/* The calling CPU's declared C-state; its core's (the shallowest of its
 * threads', OQ-S19) goes to the package's model from now on (S-26). */
static void emu_cstate(enum pmu_cstate s)
{
	unsigned me = plat_this_cpu(), p = pkg_of(me);
	uint64_t flags;

	if (me >= plat_cpu_count() || s > PMU_C6 || !enter(me, &flags))
		return;
	emu.cstate[me] = (uint8_t)s;
	if (emu.npkg && emu.model->cstate)
		emu.model->cstate(emu.pkg[p], emu.cpu_core[me], core_cstate(p, emu.cpu_core[me]),
				  emu_uclk_now());
	leave(me, flags);
}

static bool emu_core_emulated(void)
{
	return emu.cfg.core != NULL;
}

/* PCI configuration space: the model's functions (its generation's PCI
 * boxes on the buses a machine of its sockets uses) in front of the lower
 * backend's space, where QEMU's own devices answer as before; without a
 * lower backend every other function is absent (all-ones, as a master
 * abort reads). */
/* The package whose uncore bus f is on, or -1; *here: whether the
 * package presents f's function there (a package of several buses). */
static int pci_pkg(struct pci_fn f, bool *here)
{
	const struct emu_pci_model *pm = emu.model ? emu.model->pci : NULL;
	unsigned p;
	int r;

	for (p = 0; f.seg == 0 && pm && p < emu.npkg; p++) {
		r = pm->on_bus ? pm->on_bus(pci_mem[p], f.bus, f.dev, f.fn)
			       : pm->bus(p, emu.npkg) == f.bus ? 1 : -1;
		if (r >= 0) {
			*here = r == 1;
			return (int)p;
		}
	}
	return -1;
}

/* A function of the model's bus that it does not present reads all-ones
 * there, as an absent one on hardware: the bus is the uncore's alone. */
static int pci_model(int p, bool here, struct pci_fn f, uint16_t off, unsigned bytes,
		     uint32_t *val, bool write)
{
	unsigned me = plat_this_cpu();
	uint64_t flags;
	int rc = -1;

	if (here) {
		if (!enter(me, &flags))
			return PLAT_EBUSY;
		rc = write ? emu.model->pci->write(pci_mem[p], f.dev, f.fn, off, bytes, *val,
						   emu_uclk_now())
			   : emu.model->pci->read(pci_mem[p], f.dev, f.fn, off, bytes,
						  emu_uclk_now(), val);
		leave(me, flags);
	}
	if (rc < 0 && !write)
		*val = bytes == 4 ? 0xFFFFFFFFu : (1u << (8 * bytes)) - 1;
	return PLAT_OK;
}

/* The MMIO model's BAR whose dwords hold configuration offset off of f
 * (0:0.0 only), or -1. */
static int mmio_bar_at(struct pci_fn f, uint16_t off)
{
	const struct emu_mmio_model *mm = emu.model ? emu.model->mmio : NULL;
	unsigned b;

	if (!mm || f.seg || f.bus || f.dev || f.fn)
		return -1;
	for (b = 0; b < mm->nbars; b++)
		if (off >= mm->bar[b].cfg_off && off < mm->bar[b].cfg_off + 8)
			return (int)b;
	return -1;
}

static int emu_pci_read(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t *val)
{
	bool here = false;
	int p = pci_pkg(f, &here), b = mmio_bar_at(f, off);

	if (b >= 0) { /* the BAR, enabled (bit 0), as the firmware left it */
		uint64_t bar = emu.model->mmio->bar[b].base | 1;
		unsigned at = 8 * (off - emu.model->mmio->bar[b].cfg_off);

		*val = (uint32_t)(bar >> at) & (bytes == 4 ? 0xFFFFFFFFu : (1u << (8 * bytes)) - 1);
		return PLAT_OK;
	}
	if (p >= 0)
		return pci_model(p, here, f, off, bytes, val, false);
	if (emu.cfg.lower)
		return emu.cfg.lower->pci_read(f, off, bytes, val);
	*val = bytes == 4 ? 0xFFFFFFFFu : (1u << (8 * bytes)) - 1;
	return PLAT_OK;
}

static int emu_pci_write(struct pci_fn f, uint16_t off, unsigned bytes, uint32_t val)
{
	bool here = false;
	int p = pci_pkg(f, &here);

	if (mmio_bar_at(f, off) >= 0)
		return PLAT_OK; /* the model's BARs stay where it put them */
	if (p >= 0)
		return pci_model(p, here, f, off, bytes, &val, true);
	return emu.cfg.lower ? emu.cfg.lower->pci_write(f, off, bytes, val) : PLAT_OK;
}

/* MMIO: the model's windows behind the host bridge's BARs (struct
 * emu_model.mmio: an address in one with no register reads all-ones, as an
 * unclaimed one does), then a package model's window (its mmio hook), then
 * the lower backend's, or none at all. -1: no model's address. */
static int mmio_model(uint64_t phys, unsigned bytes, bool write, uint64_t *val)
{
	const struct emu_mmio_model *mm = emu.model ? emu.model->mmio : NULL;
	unsigned me = plat_this_cpu(), p, b;
	uint64_t flags;
	int rc = -1;

	for (b = 0; mm && b < mm->nbars; b++) {
		if (phys < mm->bar[b].base || phys - mm->bar[b].base >= mm->bar[b].span)
			continue;
		if (!enter(me, &flags))
			return PLAT_EBUSY;
		rc = write ? mm->write(mmio_mem, b, phys - mm->bar[b].base, bytes, *val,
				       emu_uclk_now())
			   : mm->read(mmio_mem, b, phys - mm->bar[b].base, bytes, emu_uclk_now(), val);
		leave(me, flags);
		if (rc < 0 && !write)
			*val = bytes == 8 ? ~0ull : 0xFFFFFFFFu;
		return PLAT_OK;
	}
	if (!emu.npkg || !emu.model->pci || !emu.model->pci->mmio)
		return -1;
	if (!enter(me, &flags))
		return PLAT_EBUSY;
	for (p = 0; rc < 0 && p < emu.npkg; p++)
		rc = emu.model->pci->mmio(pci_mem[p], phys, bytes, write, val, emu_uclk_now());
	leave(me, flags);
	return rc;
}

static int emu_mmio_read(uint64_t phys, unsigned bytes, uint64_t *val)
{
	int rc = mmio_model(phys, bytes, false, val);

	if (rc != -1)
		return rc;
	return emu.cfg.lower ? emu.cfg.lower->mmio_read(phys, bytes, val) : PLAT_ERANGE;
}

static int emu_mmio_write(uint64_t phys, unsigned bytes, uint64_t val)
{
	int rc = mmio_model(phys, bytes, true, &val);

	if (rc != -1)
		return rc;
	return emu.cfg.lower ? emu.cfg.lower->mmio_write(phys, bytes, val) : PLAT_ERANGE;
}

/* The calling CPU's package's memory controller counts the lines (S-55,
 * OQ-S26: the memory a CPU streams is its own socket's). */
static void emu_traffic(uint64_t phys, uint64_t bytes, bool write)
{
	unsigned me = plat_this_cpu(), p = pkg_of(me);
	uint64_t flags;

	if (!emu.npkg || !enter(me, &flags))
		return;
	if (emu.model->pci && emu.model->pci->traffic)
		emu.model->pci->traffic(pci_mem[p], plat_cpu(me)->apic_id, phys, bytes / 64, write,
					emu_uclk_now());
	if (emu.model->mmio && emu.model->mmio->traffic) /* the platform's memory controllers */
		emu.model->mmio->traffic(mmio_mem, phys, bytes / 64, write, emu_uclk_now());
	leave(me, flags);
}

const struct msr_backend msr_backend_emu = {
	.name = "emu",
	.model = true,
	.read = emu_read,
	.write = emu_write,
	.lvtpc_read = emu_lvtpc_read,
	.lvtpc_write = emu_lvtpc_write,
	.pmi_bound_us = emu_pmi_bound_us,
	.pmi_flush = emu_poll,
	.cpuid = emu_cpuid,
	.core_emulated = emu_core_emulated,
	.cstate = emu_cstate,
	.pci_read = emu_pci_read,
	.pci_write = emu_pci_write,
	.mmio_read = emu_mmio_read,
	.mmio_write = emu_mmio_write,
	.traffic = emu_traffic,
};
