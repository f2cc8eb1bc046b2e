/* End of run. Under a hypervisor (CPUID.1:ECX[31]) end=auto writes the exit
 * code to isa-debug-exit (port 0xf4; QEMU exits with (code << 1) | 1) and
 * falls back to a shutdown if no such device exists. Port 0xf4 is never
 * touched on bare metal, where end=auto means shutdown: it needs no keyboard
 * and never leaves the user in the firmware's setup menu, and the results are
 * already on the medium. end=exit returns to whoever started the app (the
 * UEFI shell; from the boot manager that may be the next boot option). */
#include "efi.h"
#include "platform.h"
#include "../arch/cpuid.h"
#include "../arch/io.h"

void end_run(int code)
{
	bool hv = (cpuid(1, 0).c >> 31) & 1;
	enum cfg_end how = g_cfg.end;

	mp_release();
	uncore_teardown();
	medium_close_all();
	exceptions_fini();
	if (how == END_AUTO && hv) {
		outl(0xf4, (uint32_t)code);
		plat_log(0, "end: no isa-debug-exit device answered; shutting down");
		how = END_SHUTDOWN;
	}
	switch (how) {
	case END_REBOOT:
		plat_log(0, "end: reboot (exit code %d)", code);
		g_st->RuntimeServices->ResetSystem(EfiResetCold, EFI_SUCCESS, 0, NULL);
		break;
	case END_HALT:
		plat_log(0, "end: halted (exit code %d); power the machine off", code);
		for (;;)
			__asm__ volatile("cli; hlt");
	case END_EXIT:
		plat_log(0, "end: returning to the firmware (exit code %d)", code);
		g_bs->Exit(g_image, code ? EFI_ABORTED : EFI_SUCCESS, 0, NULL);
		break;
	default:
		plat_log(0, "end: shutdown (exit code %d)", code);
		g_bs->Stall(200000); /* let a serial FIFO drain */
		g_st->RuntimeServices->ResetSystem(EfiResetShutdown, EFI_SUCCESS, 0, NULL);
		break;
	}
	for (;;)
		__asm__ volatile("cli; hlt");
}
