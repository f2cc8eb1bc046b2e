/* Cores held busy or parked for the PCU's occupancy (S-26..S-30, S-46):
 * one fork-join (plat_run_all) in which every AP of the BSP's package
 * follows the role the BSP gives its core, acknowledging each change, while
 * the BSP measures. A busy CPU spins (C0); a parked one declares its
 * C-state (pmu_cstate: what the emulated PCU counts, nothing on hardware)
 * and idles: MWAIT with the deepest hint CPUID.05H enumerates (SNB: 0x20
 * C6, 0x10 C3), else HLT (C1). It is woken by a write to its role's own
 * cache line (MWAIT's monitor) and by a no-op IPI (HLT), re-sent while
 * unacknowledged (TCG may leave a wake IPI in IRR, efi/platform/mp.c). Each AP
 * also records its core's residency counters (S-46) just before it parks
 * and just after it wakes, so that their growth is read on the core they
 * belong to. */
#include "suites/snbep/snbep.h"

#define KICK      0xF6        /* no-op wake vector, C-32 */
#define REKICK_US 1000
/* A CPU that does not follow its role in 5 s is lost: TCG on a loaded host
 * ran AP handlers 1.7 s late (suites/nhm/route.h). */
#define ACK_US    5000000
#define MAXCORE   PLAT_MAX_CPUS

struct line { volatile uint8_t role; uint8_t pad[63]; } __attribute__((aligned(64)));

static struct {
	struct line core[MAXCORE];       /* role of core index c of the BSP's package */
	volatile uint8_t ack[PLAT_MAX_CPUS];
	struct snb_park_info info;
	struct cpu_topo topo;            /* read by the BSP before the APs start */
	/* per CPU: residency counters read just before parking and after waking */
	volatile uint64_t res_in[PLAT_MAX_CPUS][2], res_out[PLAT_MAX_CPUS][2];
	volatile uint64_t parked_tsc[PLAT_MAX_CPUS]; /* TSC ticks spent parked */
	volatile int fault[PLAT_MAX_CPUS];
} pk;

void snb_park_info(struct snb_park_info *p)
{
	uint32_t r[4];

	memset(p, 0, sizeof(*p));
	p->cstate = PMU_C1;
	pmu_cpuid(1, 0, r);
	if (!(r[2] >> 3 & 1)) {
		p->how = "HLT (C1): no MONITOR/MWAIT (CPUID.01H:ECX[3] = 0)";
		return;
	}
	pmu_cpuid(0, 0, r);
	if (r[0] >= 5)
		pmu_cpuid(5, 0, r);
	else
		r[3] = 0;
	/* CPUID.05H:EDX[15:12] sub-states of MWAIT C-state 3 (hint 0x20: core
	 * C6 on SNB), [11:8] of MWAIT C-state 2 (hint 0x10: core C3). */
	if (r[3] >> 12 & 0xF) {
		*p = (struct snb_park_info){ .mwait = true, .hint = 0x20, .cstate = PMU_C6,
				.how = "MWAIT 0x20 (C6)" };
	} else if (r[3] >> 8 & 0xF) {
		*p = (struct snb_park_info){ .mwait = true, .hint = 0x10, .cstate = PMU_C3,
				.how = "MWAIT 0x10 (C3)" };
	} else {
		p->how = "HLT (C1): CPUID.05H:EDX enumerates no MWAIT C3 or C6 sub-state";
	}
}

static void on_kick(unsigned vector)
{
	(void)vector;
}

static void read_res(volatile uint64_t *v)
{
	unsigned me = plat_this_cpu();
	uint64_t x = 0;
	int e = msr_read(me, SNB_CORE_C3_CTR, &x);

	v[0] = x;
	if (!e)
		e = msr_read(me, SNB_CORE_C6_CTR, &x);
	v[1] = x;
	if (e && !pk.fault[me])
		pk.fault[me] = e;
}

/* Idle while the role says park: HLT with interrupts on (sti's shadow
 * covers hlt, so a kick that comes after the check wakes it), or MWAIT on
 * the role's line. The host build (CPUs are threads) only waits. */
static void idle(volatile uint8_t *role)
{
#ifdef HOST
	while (*role == SNB_PARK)
		plat_stall_us(20);
#else
	plat_irq_disable();
	while (*role == SNB_PARK) {
		if (pk.info.mwait) {
			__asm__ volatile("monitor" ::"a"(role), "c"(0), "d"(0) : "memory");
			if (*role == SNB_PARK)
				__asm__ volatile("sti; mwait" ::"a"(pk.info.hint), "c"(0) : "memory");
		} else {
			__asm__ volatile("sti; hlt" ::: "memory");
		}
		plat_irq_disable();
	}
	plat_irq_enable();
#endif
}

static void spin(volatile uint8_t *role)
{
	while (*role == SNB_BUSY) {
#ifdef HOST
		plat_stall_us(20);
#else
		__builtin_ia32_pause();
#endif
	}
}

static void ap_job(void *arg)
{
	unsigned me = plat_this_cpu();
	volatile uint8_t *role;
	uint64_t t0;

	(void)arg;
	if (!cpu_topo_same_package(&pk.topo, me, 0))
		return;
	role = &pk.core[cpu_topo_core(&pk.topo, me)].role;
	plat_irq_enable();
	for (;;) {
		uint8_t r = *role;

		if (r == SNB_OFF)
			break;
		if (r == SNB_BUSY) {
			pmu_cstate(PMU_C0);
			__atomic_store_n(&pk.ack[me], SNB_BUSY, __ATOMIC_SEQ_CST);
			spin(role);
			continue;
		}
		read_res(pk.res_in[me]);
		pmu_cstate((enum pmu_cstate)pk.info.cstate);
		__atomic_store_n(&pk.ack[me], SNB_PARK, __ATOMIC_SEQ_CST);
		t0 = plat_tsc();
		idle(role);
		pmu_cstate(PMU_C0);
		pk.parked_tsc[me] += plat_tsc() - t0;
		read_res(pk.res_out[me]);
	}
	pmu_cstate(PMU_C1); /* back to the MP loop's HLT (OQ-S19) */
	plat_irq_disable();
	__atomic_store_n(&pk.ack[me], SNB_OFF, __ATOMIC_SEQ_CST);
}

static bool in_core(unsigned cpu, unsigned core)
{
	return cpu_topo_same_package(&pk.topo, cpu, 0) && cpu_topo_core(&pk.topo, cpu) == core;
}

enum verdict snb_set_role(struct tctx *t, unsigned core, enum snb_role r)
{
	uint64_t now = plat_tsc(), end = now + snb_tsc_us(ACK_US), kick = 0;
	unsigned i, n = plat_cpu_count();
	bool all;

	if (core >= MAXCORE)
		return t_error(t, "core index %u out of range", core);
	pk.core[core].role = (uint8_t)r;
	do {
		now = plat_tsc();
		all = true;
		for (i = 1; i < n; i++) {
			if (!in_core(i, core) || pk.ack[i] == r)
				continue;
			all = false;
			/* A CPU that is to park is spinning and sees its role; a
			 * kick would only wake it again once it has parked. */
			if (now >= kick && r != SNB_PARK)
				plat_apic_send_ipi(plat_cpu(i)->apic_id, KICK, false);
		}
		if (now >= kick)
			kick = now + snb_tsc_us(REKICK_US);
	} while (!all && now < end);
	if (!all)
		return t_error(t, "a CPU of core %u did not take role %d within %u ms", core, r,
			       ACK_US / 1000);
	return V_PASS;
}

struct job {
	struct tctx *t;
	enum verdict (*body)(struct tctx *, void *);
	void *arg;
	enum verdict v;
};

static void bsp_job(void *arg)
{
	struct job *j = arg;
	unsigned c, n = cpu_topo_cores(&pk.topo, 0);
	enum verdict v = V_PASS;

	for (c = 0; c < n && v == V_PASS; c++)
		v = snb_set_role(j->t, c, (enum snb_role)pk.core[c].role);
	if (v == V_PASS)
		v = j->body(j->t, j->arg);
	for (c = 0; c < n; c++) {
		enum verdict w = snb_set_role(j->t, c, SNB_OFF);

		if (v == V_PASS)
			v = w;
	}
	j->v = v;
}

enum verdict snb_with_roles(struct tctx *t, const uint8_t *role,
			    enum verdict (*body)(struct tctx *, void *), void *arg)
{
	struct job j = { .t = t, .body = body, .arg = arg, .v = V_PASS };
	unsigned c, i, n;
	int rc;

	memset((void *)&pk, 0, sizeof(pk));
	snb_park_info(&pk.info);
	cpu_topo_read(&pk.topo);
	n = cpu_topo_cores(&pk.topo, 0);
	for (c = 0; c < n && c < MAXCORE; c++)
		pk.core[c].role = role[c];
	pk.core[cpu_topo_core(&pk.topo, 0)].role = SNB_BUSY; /* the BSP measures */
	for (i = 1; i < plat_cpu_count(); i++)
		pk.ack[i] = 0xFF; /* not started yet */
	rc = plat_irq_register(KICK, on_kick);
	if (rc)
		return t_error(t, "cannot register vector 0x%x (error %d)", KICK, rc);
	rc = plat_run_all(ap_job, bsp_job, &j, (uint64_t)ACK_US * 4);
	plat_irq_unregister(KICK);
	if (rc)
		return t_error(t, "running the parking jobs failed (error %d)", rc);
	for (i = 0; i < plat_cpu_count(); i++)
		if (pk.fault[i])
			return t_error(t, "CPU %u: reading its residency counters faulted (%d)", i,
				       pk.fault[i]);
	return j.v;
}

/* Residency growth and parked time of CPU i over the last park (S-46). */
void snb_park_residency(unsigned i, uint64_t in[2], uint64_t out[2], uint64_t *parked)
{
	in[0] = pk.res_in[i][0];
	in[1] = pk.res_in[i][1];
	out[0] = pk.res_out[i][0];
	out[1] = pk.res_out[i][1];
	*parked = pk.parked_tsc[i];
}

const struct snb_park_info *snb_parking(void)
{
	return &pk.info;
}
