/* efi_main: set up the UEFI platform, then one session (harness/session.h):
 * banner, the selected tests, result files; then end the run.
 * The order matters: the firmware's watchdog off first (a long run must not
 * be reset after five minutes; each test arms its own, efi/watchdog.c), console and config before anything prints, exception
 * handlers before the first test, APIC mode switched back before the end. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "arch/apic.h"
#include "arch/cpuid.h"
#include "harness/session.h"
#include "suites/self/self.h"
#include "efi/progress.h"

#define CONFIG_PATH L"\\uncore-harness.cfg"

EFI_SYSTEM_TABLE *g_st;
EFI_BOOT_SERVICES *g_bs;
EFI_HANDLE g_image;
struct cfg g_cfg;

/* The file whole or not at all: up to CFG_FILE_MAX bytes in a pool buffer
 * (static storage would sit in the .efi file), freed once parsed; a larger
 * one is not read, and the parser refuses it by its size with a message. */
static void load_config(void)
{
	EFI_GUID li_guid = LOADED_IMAGE_PROTOCOL;
	EFI_LOADED_IMAGE *li;
	EFI_STATUS st;
	void *buf = NULL;
	UINTN len = 0;

	cfg_defaults(&g_cfg);
	st = g_bs->AllocatePool(EfiLoaderData, CFG_FILE_MAX, &buf);
	if (EFI_ERROR(st)) {
		plat_log(0, "config \\uncore-harness.cfg: no memory to read it (%d bytes); "
			 "ignored, defaults used", CFG_FILE_MAX);
	} else {
		st = medium_read(CONFIG_PATH, buf, CFG_FILE_MAX, &len);
		if (!EFI_ERROR(st) || st == EFI_BUFFER_TOO_SMALL)
			cfg_parse_file(&g_cfg, "\\uncore-harness.cfg",
				       st == EFI_BUFFER_TOO_SMALL ? NULL : buf, len,
				       console_msg, NULL);
		else if (st == EFI_NOT_FOUND || st == EFI_NOT_READY)
			plat_log(1, "config: no \\uncore-harness.cfg on the boot medium; defaults");
		else
			plat_log(0, "config \\uncore-harness.cfg: not readable (EFI status 0x%lx); "
				 "ignored, defaults used", (unsigned long)st);
		g_bs->FreePool(buf);
	}
	/* From the UEFI shell the options arrive as a UCS-2 command line. */
	if (!EFI_ERROR(g_bs->HandleProtocol(g_image, &li_guid, (void **)&li)) &&
	    li->LoadOptionsSize >= 2)
		cfg_parse_loadopts(&g_cfg, li->LoadOptions, li->LoadOptionsSize / 2,
				   console_msg, NULL);
}

/* The CPU's identity as the banner and the result files show it. */
static void fill_cpu_info(struct session *s, const struct cpu_ident *id)
{
	struct run_info *ri = &s->ri;

	memcpy(ri->cpu_vendor, id->vendor, sizeof(id->vendor));
	ri->family = id->family;
	ri->model = id->model;
	ri->stepping = id->stepping;
	ri->signature = id->signature;
	memcpy(ri->brand, id->brand, sizeof(ri->brand) - 1);
	memcpy(ri->hypervisor, id->hv_sig, sizeof(id->hv_sig));
	ri->apic_mode = apic_mode_name(apic_mode());
	s->hypervisor = id->hypervisor;
	s->x2apic = id->x2apic;
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st);
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
	static struct session s;
	struct cpu_ident id;
	EFI_STATUS status;
	int code;

	s.t0 = plat_tsc(); /* the app's own time, for elapsed_us */
	g_st = st;
	g_bs = st->BootServices;
	g_image = image;
	g_bs->SetWatchdogTimer(0, 0, 0, NULL);
	cfg_defaults(&g_cfg);
	if (EFI_ERROR(medium_open()))
		plat_log(0, "medium: the boot volume is not readable; no config, no result files");
	load_config();
	console_set_uart(g_cfg.serial_port, g_cfg.baud);
	cpuid_identify(&id);
	status = exceptions_init();
	if (EFI_ERROR(status)) {
		plat_log(0, "harness: no CPU arch protocol (0x%lx); cannot catch faults",
			 (unsigned long)status);
		end_run(2);
	}
	/* strict=1: what the parsers ignored ends the run before anything. */
	if (g_cfg.strict && g_cfg.ignored) {
		plat_log(0, "config: ERROR: strict=1 and %u config line(s) or token(s) ignored; "
			 "no test run", g_cfg.ignored);
		cfg_say_ignored(&g_cfg, console_msg, NULL);
		end_run(2);
	}
	/* help needs no CPU but this one and runs nothing (config.h). */
	if (g_cfg.help) {
		resfiles_open_text("help.txt");
		cfg_help(console_msg, NULL);
		end_run(0);
	}
	if (EFI_ERROR(mp_init()))
		plat_log(0, "mp: no MP services protocol; running on the BSP only");
	apic_mode_enter(&g_cfg, &id);
	s.cfg = &g_cfg;
	s.pc = uncore_setup(&id);
	inject_select(g_cfg.inject, s.pc->gen);
	s.after_result = inject_after_result;
	fill_cpu_info(&s, &id);
	session_start(&s);
	watchdog_init(s.pc->emulated);
	if (g_cfg.list) {
		resfiles_open_text("list.txt");
		code = session_list(&s);
		apic_mode_leave();
		end_run(code);
	}
	resfiles_open(&s);
	progress_hooks(&s);
	session_run(&s);
	if (apic_mode_leave())
		s.tally.n[V_ERROR]++;
	progress_ending();
	end_run(session_end(&s));
}
