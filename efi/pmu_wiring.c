/* Wiring of pmu/ into the UEFI run: which uncore, which core PMU and which
 * backend, the emulated uncore and core PMU set up if chosen (pmu_setup,
 * with the options the configuration gives, cfg_pmu_opts), and their PMI
 * tick: a periodic timer event that advances the models and
 * delivers the PMIs overflows asked for, so a test spinning without touching
 * any MSR still receives its PMI.
 * A timer event fires on the firmware's tick, 10 ms on OVMF
 * (docs/platform-notes.md#timer-tick), so
 * while the model runs the firmware's tick is set to TICK_US through the
 * timer arch protocol and put back at the end: a PMI then reaches its CPU
 * within about 1 ms of the wrap (OQ-N23), and the tests' "no PMI" windows,
 * sized from that bound (pmu_pmi_bound_us), shrink with it. */
#include "efi/efi.h"
#include "efi/protocols.h"
#include "lib/platform.h"
#include "arch/cpuid.h"
#include "pmu/setup.h"
#include "pmu/emu/emu.h"

#define TICK_US 1000 /* 1 kHz: a firmware tick is a few microseconds of work */

static EFI_EVENT tick;
static TIMER_ARCH *timer;
static UINT64 fw_period; /* the firmware's own tick, 100 ns units */
static struct pmu_choice choice;

static VOID EFIAPI on_tick(EFI_EVENT ev, VOID *ctx)
{
	(void)ev;
	(void)ctx;
	emu_poll();
}

/* The firmware tick at TICK_US. If the protocol is missing or refuses, the
 * model still works, only its PMIs come up to one firmware tick late; say
 * so, since the tests' windows assume TICK_US. */
static void fast_tick(void)
{
	EFI_GUID guid = TIMER_ARCH_GUID;
	EFI_STATUS st;

	st = g_bs->LocateProtocol(&guid, NULL, (void **)&timer);
	if (!EFI_ERROR(st))
		st = timer->GetTimerPeriod(timer, &fw_period);
	if (!EFI_ERROR(st) && fw_period > TICK_US * 10)
		st = timer->SetTimerPeriod(timer, TICK_US * 10);
	else
		fw_period = 0; /* nothing to put back */
	if (EFI_ERROR(st)) {
		plat_log(0, "uncore: cannot set the firmware tick to %u us (0x%lx); emulated "
			 "PMIs may come one firmware tick late", TICK_US, (unsigned long)st);
		fw_period = 0;
	}
}

const struct pmu_choice *uncore_setup(const struct cpu_ident *id)
{
	struct pmu_cpu cpu = { .vendor = id->vendor, .family = id->family, .model = id->model,
			       .stepping = id->stepping,
			       .hypervisor = id->hypervisor, .pmu_version = id->pmu_version };
	struct pmu_opts opts = cfg_pmu_opts(&g_cfg);
	EFI_STATUS st;

	if (!pmu_setup(&cpu, &opts, &msr_backend_hw, TICK_US, &choice))
		return &choice;
	fast_tick();
	st = g_bs->CreateEvent(EVT_TIMER | EVT_NOTIFY_SIGNAL, TPL_CALLBACK, on_tick, NULL, &tick);
	if (!EFI_ERROR(st))
		st = g_bs->SetTimer(tick, TimerPeriodic, TICK_US * 10);
	if (EFI_ERROR(st))
		plat_log(0, "uncore: no timer event (0x%lx): the emulated PMUs will deliver "
			 "no PMI", (unsigned long)st);
	return &choice;
}

void uncore_teardown(void)
{
	if (tick) {
		g_bs->SetTimer(tick, TimerCancel, 0);
		g_bs->CloseEvent(tick);
		tick = NULL;
	}
	if (fw_period) {
		timer->SetTimerPeriod(timer, fw_period);
		fw_period = 0;
	}
}
