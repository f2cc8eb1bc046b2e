/* CPUs and AP work through EFI_MP_SERVICES_PROTOCOL.
 *
 * Harness CPU index 0 is always the BSP; the others follow the firmware's
 * processor numbers. Every AP wake is INIT-SIPI-SIPI (~10 ms) and the
 * completion event of a non-blocking start arrives 70-100 ms late
 * (DESIGN.md), so plat_run_all starts all APs once and learns completion
 * from a counter in memory before it waits for the event. */
#include "efi.h"
#include "protocols.h"
#include "platform.h"
#include "../arch/apic.h"
#include "../arch/io.h"

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

struct ap_job {
	void (*fn)(void *);
	void *arg;
	volatile int vector;
	volatile unsigned done;
};

static void EFIAPI ap_trampoline(VOID *p)
{
	struct ap_job *job = p;
	char why[8];
	int v = plat_guarded(job->fn, job->arg, why, sizeof(why));

	if (v)
		job->vector = v;
	__atomic_add_fetch(&job->done, 1, __ATOMIC_SEQ_CST);
}

int plat_run_on(unsigned idx, void (*fn)(void *), void *arg, uint64_t timeout_us,
		int *fault_vec)
{
	struct ap_job job = { fn, arg, 0, 0 };
	char why[8];
	EFI_STATUS st;

	if (fault_vec)
		*fault_vec = 0;
	if (idx >= ncpus)
		return PLAT_EINVAL;
	if (idx == 0) {
		job.vector = plat_guarded(fn, arg, why, sizeof(why));
	} else {
		st = mp->StartupThisAP(mp, ap_trampoline, mp_number[idx], NULL,
				       timeout_us, &job, NULL);
		if (st == EFI_TIMEOUT)
			return PLAT_ETIMEDOUT;
		if (EFI_ERROR(st))
			return PLAT_EINVAL;
	}
	if (job.vector) {
		if (fault_vec)
			*fault_vec = job.vector;
		return PLAT_EFAULT;
	}
	return PLAT_OK;
}

int plat_run_all(void (*ap_fn)(void *), void (*bsp_fn)(void *), void *arg,
		 uint64_t timeout_us)
{
	struct ap_job job = { ap_fn, arg, 0, 0 };
	uint64_t deadline;
	EFI_EVENT ev;
	EFI_STATUS st;
	char why[8];
	int bsp_vec;

	if (ncpus == 1) {
		bsp_vec = plat_guarded(bsp_fn, arg, why, sizeof(why));
		return bsp_vec ? PLAT_EFAULT : PLAT_OK;
	}
	st = g_bs->CreateEvent(0, 0, NULL, NULL, &ev);
	if (EFI_ERROR(st))
		return PLAT_EUNSUPPORTED;
	st = mp->StartupAllAPs(mp, ap_trampoline, FALSE, ev, timeout_us, &job, NULL);
	if (EFI_ERROR(st)) {
		g_bs->CloseEvent(ev);
		return PLAT_EINVAL;
	}
	bsp_vec = plat_guarded(bsp_fn, arg, why, sizeof(why));
	deadline = plat_tsc() + plat_tsc_hz() / 1000000 * (timeout_us + 1000000);
	while (job.done < ncpus - 1 && plat_tsc() < deadline)
		cpu_relax();
	/* The AP is back in the firmware's idle loop only when the event fires. */
	while (g_bs->CheckEvent(ev) == EFI_NOT_READY && plat_tsc() < deadline)
		g_bs->Stall(1000);
	g_bs->CloseEvent(ev);
	if (job.done < ncpus - 1)
		return PLAT_ETIMEDOUT;
	return bsp_vec || job.vector ? PLAT_EFAULT : PLAT_OK;
}
