/* CPUs and AP work through EFI_MP_SERVICES_PROTOCOL.
 *
 * Harness CPU index 0 is always the BSP; the others follow the firmware's
 * processor numbers. AP jobs run on resident APs (below). */
#include "efi/efi.h"
#include "efi/protocols.h"
#include "lib/platform.h"
#include "arch/apic.h"
#include "arch/io.h"

static MP_SERVICES *mp;
static struct plat_cpu cpus[PLAT_MAX_CPUS];
static UINTN mp_number[PLAT_MAX_CPUS];
static unsigned ncpus = 1, npackages = 1;

unsigned plat_cpu_count(void) { return ncpus; }
unsigned plat_package_count(void) { return npackages; }

const struct plat_cpu *plat_cpu(unsigned idx)
{
	return idx < ncpus ? &cpus[idx] : NULL;
}

unsigned plat_this_cpu(void)
{
	uint32_t id = apic_id();
	unsigned i;

	for (i = 0; i < ncpus; i++)
		if (cpus[i].apic_id == id)
			return i;
	return 0;
}

static void count_packages(void)
{
	unsigned i, j;

	npackages = 0;
	for (i = 0; i < ncpus; i++) {
		for (j = 0; j < i && cpus[j].package != cpus[i].package; j++)
			;
		npackages += j == i;
	}
}

EFI_STATUS mp_init(void)
{
	EFI_GUID guid = MP_SERVICES_GUID;
	UINTN total = 0, enabled = 0, i;
	unsigned next = 1;
	EFI_STATUS st;

	cpus[0] = (struct plat_cpu){ .apic_id = apic_id(), .bsp = true, .enabled = true };
	ncpus = 1;
	st = g_bs->LocateProtocol(&guid, NULL, (void **)&mp);
	if (EFI_ERROR(st)) {
		mp = NULL;
		return st;
	}
	st = mp->GetNumberOfProcessors(mp, &total, &enabled);
	if (EFI_ERROR(st))
		return st;
	for (i = 0; i < total && next < PLAT_MAX_CPUS; i++) {
		MP_PROCESSOR_INFO info;
		struct plat_cpu c;

		if (EFI_ERROR(mp->GetProcessorInfo(mp, i, &info)))
			continue;
		c = (struct plat_cpu){ .apic_id = (uint32_t)info.ProcessorId,
				       .package = info.Package, .core = info.Core,
				       .thread = info.Thread, .bsp = info.StatusFlag & 1,
				       .enabled = (info.StatusFlag >> 1) & 1 };
		if (c.bsp) {
			cpus[0] = c;
			mp_number[0] = i;
		} else if (c.enabled) {
			mp_number[next] = i;
			cpus[next++] = c;
		}
	}
	ncpus = next;
	count_packages();
	return EFI_SUCCESS;
}

/* --- resident APs ------------------------------------------------------
 * Every AP wake through MP services is INIT-SIPI-SIPI (~10 ms) and resets
 * the AP's local APIC; the completion event of a non-blocking start comes
 * on the firmware's 10 ms poll (docs/platform-notes.md#ap-wakes). So the first AP job starts all
 * APs once, with one non-blocking StartupAllAPs, into ap_loop, where they
 * stay until mp_release: a job is handed over through the AP's slot, an
 * idle AP waits in HLT with interrupts on and is woken by a no-op IPI. A
 * fork-join then costs microseconds, and AP state (LVT entries, APIC mode)
 * persists between jobs as it does on the BSP, so tests leave it as found. */
#define WAKE_VEC   0xFE   /* no-op; the tests use 0xF0-0xF4 */
#define REWAKE_US  1000   /* TCG may leave a wake IPI in IRR (self.ipi note) */
#define START_US   2000000

struct slot {
	void (*fn)(void *);
	void *arg;
	volatile uint32_t posted, taken, done; /* job sequence numbers */
	volatile int vector;                   /* fault that cut the job short */
	volatile bool ready, gone;
	volatile unsigned stale_eoi;           /* in-service vectors found idle */
};

static struct slot slots[PLAT_MAX_CPUS];
static volatile bool quit;
static bool resident;
static bool lost[PLAT_MAX_CPUS];
static EFI_EVENT resident_ev;

static void wake(unsigned vector) { (void)vector; }

/* An interrupt handled without EOI (an unregistered vector, a handler
 * that forgot) blocks its priority class, WAKE_VEC's included: clear it
 * and count it, so one bad test cannot strand the AP. */
static unsigned drain_isr(void)
{
	unsigned n = 0, i;

	for (i = 0; i < 8 && n < 256; i++)
		while (apic_read(0x100 + i * 0x10) && n < 256) {
			apic_eoi();
			n++;
		}
	return n;
}

static void EFIAPI ap_loop(VOID *unused)
{
	struct slot *s = &slots[plat_this_cpu()];
	char why[8];

	(void)unused;
	s->ready = true;
	for (;;) {
		irq_disable();
		if (quit)
			break;
		if (s->posted != s->done) {
			uint32_t seq = s->posted;

			__atomic_store_n(&s->taken, seq, __ATOMIC_SEQ_CST);
			s->vector = plat_guarded(s->fn, s->arg, why, sizeof(why));
			irq_disable(); /* the job may have turned interrupts on */
			__atomic_store_n(&s->done, seq, __ATOMIC_SEQ_CST);
			continue;
		}
		s->stale_eoi += drain_isr();
		__asm__ volatile("sti; hlt" ::: "memory"); /* sti's shadow covers hlt */
	}
	s->gone = true;
}

bool plat_cpu_lost(unsigned idx)
{
	return idx < ncpus && lost[idx];
}

static bool usable(unsigned idx)
{
	if (lost[idx])
		plat_log(2, "mp: CPU %u did not return from an earlier job; skipped", idx);
	return !lost[idx];
}

static int start_resident(void)
{
	uint64_t end;
	unsigned i;
	EFI_STATUS st;

	if (resident)
		return PLAT_OK;
	if (!mp)
		return PLAT_EUNSUPPORTED;
	if (plat_irq_register(WAKE_VEC, wake))
		return PLAT_EBUSY;
	st = g_bs->CreateEvent(0, 0, NULL, NULL, &resident_ev);
	if (!EFI_ERROR(st))
		st = mp->StartupAllAPs(mp, ap_loop, FALSE, resident_ev, 0, NULL, NULL);
	if (EFI_ERROR(st)) {
		plat_irq_unregister(WAKE_VEC);
		plat_log(0, "mp: StartupAllAPs failed (0x%lx)", (unsigned long)st);
		return PLAT_EINVAL;
	}
	resident = true;
	end = plat_tsc() + plat_tsc_hz() / 1000000 * START_US;
	for (i = 1; i < ncpus; i++) {
		while (!slots[i].ready && plat_tsc() < end)
			cpu_relax();
		if (!slots[i].ready) {
			lost[i] = true;
			plat_log(0, "mp: CPU %u (APIC id %u) never entered the harness loop", i,
				 cpus[i].apic_id);
		}
	}
	return PLAT_OK;
}

static void post(unsigned idx, void (*fn)(void *), void *arg)
{
	struct slot *s = &slots[idx];

	s->fn = fn;
	s->arg = arg;
	s->vector = 0;
	__atomic_store_n(&s->posted, s->done + 1, __ATOMIC_SEQ_CST);
	apic_send_ipi(cpus[idx].apic_id, WAKE_VEC, false);
}

/* Wait for the AP's current job until end (TSC); re-send the wake while the
 * job is not taken. A job that never returns loses its AP for the run: it
 * is still inside the firmware's StartupAllAPs and cannot be reset. */
static int join(unsigned idx, uint64_t end)
{
	struct slot *s = &slots[idx];
	uint64_t rewake = plat_tsc() + plat_tsc_hz() / 1000000 * REWAKE_US;

	while (s->done != s->posted) {
		uint64_t now = plat_tsc();

		if (now >= end) {
			lost[idx] = true;
			plat_log(0, "mp: CPU %u (APIC id %u) did not finish its job in time; it is "
				 "left out of the rest of the run", idx, cpus[idx].apic_id);
			return PLAT_ETIMEDOUT;
		}
		if (s->taken != s->posted && now >= rewake) {
			apic_send_ipi(cpus[idx].apic_id, WAKE_VEC, false);
			rewake = now + plat_tsc_hz() / 1000000 * REWAKE_US;
		}
		cpu_relax();
	}
	if (s->stale_eoi) {
		plat_log(1, "mp: CPU %u had %u interrupt(s) left in service between jobs "
			 "(a handler without EOI); cleared", idx, s->stale_eoi);
		s->stale_eoi = 0;
	}
	return s->vector ? PLAT_EFAULT : PLAT_OK;
}

static uint64_t deadline(uint64_t timeout_us)
{
	return plat_tsc() + plat_tsc_hz() / 1000000 * timeout_us;
}

int plat_run_on(unsigned idx, void (*fn)(void *), void *arg, uint64_t timeout_us,
		int *fault_vec)
{
	char why[8];
	int rc, v;

	if (fault_vec)
		*fault_vec = 0;
	if (idx >= ncpus)
		return PLAT_EINVAL;
	if (idx == 0) {
		v = plat_guarded(fn, arg, why, sizeof(why));
	} else {
		rc = start_resident();
		if (rc)
			return rc;
		if (!usable(idx))
			return PLAT_ETIMEDOUT;
		post(idx, fn, arg);
		rc = join(idx, deadline(timeout_us));
		if (rc == PLAT_ETIMEDOUT)
			return rc;
		v = slots[idx].vector;
	}
	if (v) {
		if (fault_vec)
			*fault_vec = v;
		return PLAT_EFAULT;
	}
	return PLAT_OK;
}

int plat_run_all(void (*ap_fn)(void *), void (*bsp_fn)(void *), void *arg,
		 uint64_t timeout_us)
{
	char why[8];
	unsigned i;
	int rc = PLAT_OK, r;

	if (ncpus > 1) {
		rc = start_resident();
		if (rc)
			return rc;
		for (i = 1; i < ncpus; i++)
			if (!usable(i))
				return PLAT_ETIMEDOUT;
		for (i = 1; i < ncpus; i++)
			post(i, ap_fn, arg);
	}
	if (plat_guarded(bsp_fn, arg, why, sizeof(why)))
		rc = PLAT_EFAULT;
	for (i = 1; i < ncpus; i++) {
		r = join(i, deadline(timeout_us));
		if (r == PLAT_ETIMEDOUT || (r && !rc))
			rc = r;
	}
	return rc;
}

/* Hand the APs back to the firmware (end of run). The completion event is
 * left open: the firmware signals it on its own poll, after we may be gone.
 * An AP that is not out of ap_loop in time joins the lost ones: it may
 * still run this image's code, so end_run must not unload the image. The
 * wait ends when each AP says it has left (microseconds on silicon); its
 * 2 s bound only matters for an AP that hangs, and covers a virtual CPU
 * that a loaded host leaves unscheduled for a while (100 ms did not: a
 * loaded make check once lost CPU 3 here, ci/check_abnormal.sh's
 * ap-hang-end-exit). */
void mp_release(void)
{
	uint64_t end = deadline(2000000);
	unsigned i;

	if (!resident)
		return;
	quit = true;
	for (i = 1; i < ncpus; i++) {
		if (lost[i])
			continue;
		apic_send_ipi(cpus[i].apic_id, WAKE_VEC, false);
		while (!slots[i].gone && plat_tsc() < end)
			cpu_relax();
		if (!slots[i].gone) {
			lost[i] = true;
			plat_log(0, "mp: CPU %u (APIC id %u) did not leave the harness loop when "
				 "released", i, cpus[i].apic_id);
		}
	}
	plat_irq_unregister(WAKE_VEC);
	resident = false;
}
