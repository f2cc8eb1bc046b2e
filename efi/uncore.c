/* Wiring of pmu/ into the UEFI run: which uncore and which backend, the
 * emulated uncore set up if chosen (pmu_setup), and its PMI tick: a periodic
 * timer event that advances the model and delivers the PMIs overflows asked
 * for, so a test spinning without touching any MSR still receives its PMI.
 * OVMF's timer ticks every 10 ms (DESIGN.md), so a PMI reaches its CPU at
 * most about 10 ms after the wrap (OQ-N23: the tests allow a window). */
#include "efi.h"
#include "platform.h"
#include "../arch/cpuid.h"
#include "../pmu/detect.h"
#include "../pmu/emu.h"

#define TICK_100NS 100000 /* 10 ms */

static EFI_EVENT tick;
static struct pmu_choice choice;

static VOID EFIAPI on_tick(EFI_EVENT ev, VOID *ctx)
{
	(void)ev;
	(void)ctx;
	emu_poll();
}

const struct pmu_choice *uncore_setup(const struct cpu_ident *id)
{
	struct pmu_cpu cpu = { id->vendor, id->family, id->model, id->hypervisor };
	EFI_STATUS st;

	if (!pmu_setup(&cpu, &g_cfg, &msr_backend_hw, &choice))
		return &choice;
	st = g_bs->CreateEvent(EVT_TIMER | EVT_NOTIFY_SIGNAL, TPL_CALLBACK, on_tick, NULL, &tick);
	if (!EFI_ERROR(st))
		st = g_bs->SetTimer(tick, TimerPeriodic, TICK_100NS);
	if (EFI_ERROR(st))
		plat_log(0, "uncore: no timer event (0x%lx): the emulated uncore will deliver "
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
}
