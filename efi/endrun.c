/* End of run. Under a hypervisor (CPUID.1:ECX[31]) end=auto writes the exit
 * code to isa-debug-exit (port 0xf4; QEMU exits with (code << 1) | 1) and
 * falls back to a shutdown if no such device exists. Port 0xf4 is never
 * touched on bare metal, where end=auto means shutdown: it needs no keyboard
 * and never leaves the user in the firmware's setup menu, and the results are
 * already on the medium. end=exit returns to whoever started the app (the
 * UEFI shell; from the boot manager that may be the next boot option).
 *
 * Every path ends here, a CPU exception outside any test included, and
 * first leaves the machine as found (session_leave: counters stopped, the
 * state saved before the tests put back, each LVT entry as found; what a
 * lost CPU holds is named, not restored), switches the APIC mode back and
 * hands the APs back. A lost AP may still run this image's code, so with
 * one end=exit does not return to the firmware, which would unload the
 * image under it (a #UD in freed memory at best): it ends as end=auto and
 * says so. A fault during these steps ends the run without them.
 *
 * list and help, which run nothing, always end as end=exit, whatever end=
 * says: a user who asked what the harness can do is back in the shell (or
 * the boot manager) to run it, rather than watching the machine power off.
 *
 * The order matters: the result files are completed first (a write that
 * failed turns the exit code into 2), then the closing "end:" line, which
 * names the exit code, is printed while log.txt still takes it; only then
 * are the files closed, the console mirror having been removed first, so
 * that nothing is ever written through a closed handle. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "arch/cpuid.h"
#include "arch/io.h"
#include "harness/session.h"

static void say_end(enum cfg_end how, bool debug_exit, int code)
{
	switch (how) {
	case END_REBOOT:
		plat_log(0, "end: reboot (exit code %d)", code);
		break;
	case END_HALT:
		plat_log(0, "end: halted (exit code %d); power the machine off", code);
		break;
	case END_EXIT:
		plat_log(0, "end: returning to the firmware (exit code %d)", code);
		break;
	default:
		if (debug_exit)
			plat_log(0, "end: isa-debug-exit, else shutdown (exit code %d)", code);
		else
			plat_log(0, "end: shutdown (exit code %d)", code);
		break;
	}
}

static unsigned lost_cpus(void)
{
	unsigned i, n = 0;

	for (i = 1; i < plat_cpu_count(); i++)
		n += plat_cpu_lost(i);
	return n;
}

void end_run(int code)
{
	static bool ending;
	bool hv = (cpuid(1, 0).c >> 31) & 1;
	enum cfg_end how = g_cfg.help || g_cfg.list ? END_EXIT : g_cfg.end;
	unsigned n;

	if (!ending) {
		ending = true;
		session_leave();
		apic_mode_leave(); /* says itself what failed; main counts it */
		mp_release();
		uncore_teardown();
	}
	if (how == END_EXIT && (n = lost_cpus())) {
		plat_log(0, "end: %u CPU(s) lost, which may still run this image's code: not "
			 "returning to the firmware, which would unload it (end=exit); ending as "
			 "end=auto", n);
		how = END_AUTO;
	}
	if (!resfiles_finish())
		code = 2;
	say_end(how, how == END_AUTO && hv, code);
	resfiles_close();
	exceptions_fini();
	if (how == END_AUTO && hv) {
		outl(0xf4, (uint32_t)code);
		/* QEMU 10 takes the write as a shutdown request its main loop
		 * carries out a little later: without this grace the line below
		 * showed in runs where the device did answer. */
		g_bs->Stall(200000);
		plat_log(0, "end: no isa-debug-exit device answered; shutting down (exit code %d)",
			 code);
		how = END_SHUTDOWN;
	}
	switch (how) {
	case END_REBOOT:
		g_st->RuntimeServices->ResetSystem(EfiResetCold, EFI_SUCCESS, 0, NULL);
		break;
	case END_HALT:
		for (;;)
			__asm__ volatile("cli; hlt");
	case END_EXIT:
		g_bs->Exit(g_image, code ? EFI_ABORTED : EFI_SUCCESS, 0, NULL);
		break;
	default:
		g_bs->Stall(200000); /* let a serial FIFO drain */
		g_st->RuntimeServices->ResetSystem(EfiResetShutdown, EFI_SUCCESS, 0, NULL);
		break;
	}
	for (;;)
		__asm__ volatile("cli; hlt");
}
