/* efi_main: set up, banner, run the selected tests, write results, end.
 * The order matters: watchdog off first (a long run must not be reset after
 * five minutes), console and config before anything prints, exception
 * handlers before the first test, APIC mode switched back before the end. */
#include "efi.h"
#include "platform.h"
#include "../arch/apic.h"
#include "../arch/cpuid.h"
#include "../pmu/backend.h"
#include "../pmu/detect.h"
#include "../pmu/trace.h"
#include "../tests/fw/runner.h"
#include "../tests/state.h"

#ifndef HARNESS_VERSION
#define HARNESS_VERSION "unknown"
#endif
#define CONFIG_PATH L"\\uncore-harness.cfg"

EFI_SYSTEM_TABLE *g_st;
EFI_BOOT_SERVICES *g_bs;
EFI_HANDLE g_image;
struct cfg g_cfg;

static struct rfile tap, json, logf;
static char cfg_text[768];

static void log_mirror(const char *line)
{
	logf.write_at(logf.h, logf.pos, line, strlen(line));
	logf.pos += strlen(line);
	logf.write_at(logf.h, logf.pos, "\n", 1);
	logf.pos++;
	logf.flush(logf.h);
}

static void load_config(void)
{
	static char buf[16384];
	EFI_GUID li_guid = LOADED_IMAGE_PROTOCOL;
	EFI_LOADED_IMAGE *li;
	UINTN len;

	cfg_defaults(&g_cfg);
	if (!EFI_ERROR(medium_read(CONFIG_PATH, buf, sizeof(buf), &len)))
		cfg_parse_file(&g_cfg, "\\uncore-harness.cfg", buf, len, console_msg, NULL);
	else
		plat_log(1, "config: no \\uncore-harness.cfg on the boot medium; defaults");
	/* From the UEFI shell the options arrive as a UCS-2 command line. */
	if (!EFI_ERROR(g_bs->HandleProtocol(g_image, &li_guid, (void **)&li)) &&
	    li->LoadOptionsSize >= 2)
		cfg_parse_loadopts(&g_cfg, li->LoadOptions, li->LoadOptionsSize / 2,
				   console_msg, NULL);
	cfg_describe(&g_cfg, cfg_text, sizeof(cfg_text));
}

static void fill_run_info(struct run_info *ri, const struct cpu_ident *id,
			  const struct pmu_choice *pc)
{
	memset(ri, 0, sizeof(*ri));
	ri->version = HARNESS_VERSION;
	memcpy(ri->cpu_vendor, id->vendor, sizeof(id->vendor));
	ri->family = id->family;
	ri->model = id->model;
	ri->stepping = id->stepping;
	ri->signature = id->signature;
	memcpy(ri->brand, id->brand, sizeof(ri->brand) - 1);
	memcpy(ri->hypervisor, id->hv_sig, sizeof(id->hv_sig));
	ri->ncpus = plat_cpu_count();
	ri->npackages = plat_package_count();
	ri->apic_mode = apic_mode_name(apic_mode());
	ri->backend = msr_backend()->name;
	ri->uncore = pc->gen ? pc->gen->name : "";
	ri->tsc_hz = plat_tsc_hz();
	ri->config = cfg_text;
	ri->tag = g_cfg.tag;
}

static void banner(const struct run_info *ri, const struct cpu_ident *id,
		   const struct pmu_choice *pc)
{
	plat_log(0, "uncore-harness %s", ri->version);
	plat_log(0, "cpu: %s signature 0x%08x family 0x%x model 0x%x stepping 0x%x",
		 ri->cpu_vendor, ri->signature, ri->family, ri->model, ri->stepping);
	plat_log(0, "brand: %s", ri->brand[0] ? ri->brand : "(none)");
	plat_log(0, "platform: %s%s", id->hypervisor ? "hypervisor " : "bare metal",
		 id->hypervisor ? id->hv_sig : "");
	plat_log(0, "cpus: %u in %u package(s); apic: %s (x2APIC %s)", ri->ncpus,
		 ri->npackages, ri->apic_mode, id->x2apic ? "available" : "not available");
	if (pc->gen)
		plat_log(0, "uncore: %s (%s)%s%s", pc->gen->name, pc->gen->desc,
			 pc->why[0] ? "; " : "", pc->why);
	else
		plat_log(0, "uncore: none: %s; uncore tests will SKIP", pc->why);
	plat_log(0, "backend: %s%s; tsc: %lu kHz", ri->backend,
		 pc->emulated && pc->gen ? " (emulated uncore: results validate the harness, "
		 "not silicon)" : "", (unsigned long)(ri->tsc_hz / 1000));
	plat_log(0, "config: %s", ri->config);
	if (ri->tag[0])
		plat_log(0, "tag: %s", ri->tag);
}

/* The sink: result files after each test. */
static void write_result(void *ctx, const struct tresult *r)
{
	(void)ctx;
	tap_result(&tap, r);
	json_result(&json, r);
}

static void open_results(const struct run_info *ri)
{
	char run[16];
	EFI_STATUS st = medium_new_run_dir(run, sizeof(run));

	if (EFI_ERROR(st) || EFI_ERROR(medium_create("log.txt", &logf)) ||
	    EFI_ERROR(medium_create("results.tap", &tap)) ||
	    EFI_ERROR(medium_create("results.json", &json))) {
		plat_log(0, "results: cannot write to the boot medium (status 0x%lx); "
			 "console only", (unsigned long)st);
		return;
	}
	console_set_mirror(log_mirror);
	plat_log(0, "results: \\uncore-results\\%s\\", run);
	tap_begin(&tap, ri);
	json_begin(&json, ri);
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st);
EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *st)
{
	struct run_opts opts;
	struct run_env env;
	struct cpu_ident id;
	const struct pmu_choice *pc;
	struct run_info ri;
	struct tally tally;
	char line[96];
	EFI_STATUS s;
	int code;
	uint64_t t0 = plat_tsc(); /* the app's own time, for elapsed_us */

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
	s = exceptions_init();
	if (EFI_ERROR(s)) {
		plat_log(0, "harness: no CPU arch protocol (0x%lx); cannot catch faults", (unsigned long)s);
		end_run(2);
	}
	if (EFI_ERROR(mp_init()))
		plat_log(0, "mp: no MP services protocol; running on the BSP only");
	apic_mode_enter(&g_cfg, &id);
	pc = uncore_setup(&id);
	fill_run_info(&ri, &id, pc);
	banner(&ri, &id, pc);

	state_set_gen(pc->gen);
	pmu_trace_set_gen(pc->gen);
	opts = (struct run_opts){ g_cfg.tests, g_cfg.skip, g_cfg.repeat, &state_preflight,
				  &state_restore };
	if (g_cfg.list) {
		code = runner_list(all_suites, all_suites_count, &opts) ? 0 : 77;
		apic_mode_leave();
		end_run(code);
	}
	env = (struct run_env){ plat_cpu_count(), plat_package_count(), id.x2apic,
				pc->gen != NULL, pc->why };
	open_results(&ri);
	runner_run(all_suites, all_suites_count, &opts, &env,
		   &(struct run_sink){ write_result, NULL }, &tally);
	if (apic_mode_leave())
		tally.n[V_ERROR]++;
	tally.elapsed_us = (plat_tsc() - t0) / (plat_tsc_hz() / 1000000);
	plat_log(1, "run: %lu ms from the app's start to its verdict",
		 (unsigned long)(tally.elapsed_us / 1000));
	tap_end(&tap, &tally);
	json_end(&json, &tally);
	plat_log(0, "tally: %u PASS, %u FAIL, %u SKIP, %u XFAIL, %u ERROR",
		 tally.n[V_PASS], tally.n[V_FAIL], tally.n[V_SKIP], tally.n[V_XFAIL],
		 tally.n[V_ERROR]);
	code = runner_exit_code(&tally);
	runner_summary_line(&tally, line, sizeof(line));
	plat_puts(line);
	end_run(code);
}
