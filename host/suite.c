/* build/host/suite: the on-target uncore and core PMU suites (suites/nhm/,
 * suites/core/, harness/state.c, chosen by suites/all.c) run as a Linux
 * program against the emulated uncore and core PMU, on the threaded host
 * platform (platform_threads.c): what efi/main.c and efi/pmu_wiring.c do under
 * UEFI, around the same session.
 *
 *   suite [--cpus N] [--packages N] [--results DIR] [--real-clock] [key=value ...]
 *
 * --cpus and --packages shape the machine (default 4 in 2, as `make
 * mutation` runs it); the clock skips ahead whenever every CPU waits
 * (host/clock.c), --real-clock keeps it to real time; --results DIR gets log.txt, results.tap and
 * results.json as the run folder on the boot medium would. key=value are
 * the harness's configuration keys (docs/configuration.md), checked by the config file's
 * parser, one argument per line: a bad one ends the program with status 2
 * before any test runs, so a misspelt defect can never pass for the clean
 * model. end, serial, baud and apic have nothing to act on here; of
 * inject=, only preflight-fail (the others need a CPU exception caught or
 * a CPU lost, which the host platform does not do: status 2). Exit
 * status: runner_exit_code's (0, 1, 2, 77). */
#include "host/clock.h"
#include "host/threads.h"
#include "harness/session.h"
#include "pmu/emu/emu.h"
#include "pmu/setup.h"
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define TICK_US 1000 /* 1 ms, see tick() */

/* The CPU the machine presents: a Nehalem (family 6 model 0x1A, `make
 * qemu`'s default; --model picks another family 6 model) under a hypervisor
 * without a core PMU (CPUID.0AH = 0), so that backend=auto chooses the
 * emulated uncore and core PMU by pmu_choose's own rule, as under QEMU. */
static struct pmu_cpu host_cpu = {
	.vendor = "GenuineIntel", .family = 6, .model = 0x1A, .hypervisor = true, .pmu_version = 0,
};

/* CPUID.1:EAX of family 6, host_cpu's model, stepping 0. */
static uint32_t host_signature(void)
{
	return (host_cpu.model >> 4) << 16 | 6u << 8 | (host_cpu.model & 0xf) << 4;
}

/* --- the machine below the emulated PMUs ------------------------------------ */

/* What QEMU's TCG is below the emulated backend (docs/platform-notes.md#tcg-msrs,
 * docs/platform-notes.md#lvt-never-fires): every MSR reads
 * 0 and takes writes without effect, the LVT entry stores what is written
 * and never fires, and CPUID says GenuineIntel host_cpu under a hypervisor
 * with no leaf 0AH (C-13), so that the tests see the emulated core PMU's
 * CPUID view over it (pmu_cpuid). */
static int tcg_read(unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)cpu;
	(void)msr;
	*val = 0;
	return 0;
}

static int tcg_write(unsigned cpu, uint32_t msr, uint64_t val)
{
	(void)cpu;
	(void)msr;
	(void)val;
	return 0;
}

static uint32_t tcg_pmi_bound_us(void) { return 1000; }
static void tcg_pmi_flush(void) {}
static bool tcg_core_emulated(void) { return false; }
static void tcg_cstate(enum pmu_cstate s) { (void)s; }
static void tcg_traffic(uint64_t phys, uint64_t bytes, bool write) { (void)phys, (void)bytes, (void)write; }

static void tcg_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{
	(void)subleaf;
	memset(r, 0, 4 * sizeof(r[0]));
	if (leaf == 0) { /* max leaf 0xB; "GenuineIntel" in EBX, EDX, ECX */
		r[0] = 0xB;
		memcpy(&r[1], "Genu", 4);
		memcpy(&r[3], "ineI", 4);
		memcpy(&r[2], "ntel", 4);
	} else if (leaf == 1) {
		r[0] = host_signature();
		r[2] = 1u << 31; /* hypervisor */
	}
}

/* Its PCI configuration space and MMIO are the host platform's simulated
 * ones (host/platform_pci.c: QEMU q35's host bridge alone). */
static const struct msr_backend tcg = {
	.name = "hw",
	.read = tcg_read,
	.write = tcg_write,
	.lvtpc_read = plat_apic_read_lvtpc,
	.lvtpc_write = plat_apic_write_lvtpc,
	.pmi_bound_us = tcg_pmi_bound_us,
	.pmi_flush = tcg_pmi_flush,
	.cpuid = tcg_cpuid,
	.core_emulated = tcg_core_emulated,
	.cstate = tcg_cstate,
	.pci_read = plat_pci_read,
	.pci_write = plat_pci_write,
	.mmio_read = plat_mmio_read,
	.mmio_write = plat_mmio_write,
	.traffic = tcg_traffic,
};

static void usage(void)
{
	fprintf(stderr, "usage: suite [--cpus N] [--packages N] [--model 0xNN] [--results DIR] "
		"[--real-clock] [key=value ...]\n");
	exit(2);
}

static void config_msg(void *ctx, const char *msg)
{
	(void)ctx;
	fprintf(stderr, "suite: %s\n", msg);
}

/* The arguments as the lines of a config file, so the file's parser (and
 * its messages) apply unchanged. */
static void parse_args(struct cfg *c, int argc, char **argv)
{
	static char text[16384];
	size_t len = 0;
	int i;

	for (i = 0; i < argc; i++) {
		int n = snprintf(text + len, sizeof(text) - len, "%s\n", argv[i]);

		if (n < 0 || (size_t)n >= sizeof(text) - len)
			usage();
		len += (size_t)n;
	}
	if (cfg_parse_file(c, "<command line>", text, len, config_msg, NULL)) {
		fprintf(stderr, "suite: bad arguments; nothing run\n");
		exit(2);
	}
}

/* The emulated uncore's PMI tick (host_clock_tick) calls emu_poll every
 * 1 ms, the period the harness gives OVMF's timer on target
 * (efi/pmu_wiring.c), so that PMI latencies, and the bound the tests read
 * from the backend, stay comparable with QEMU's. emu_poll can run on a
 * thread that is no CPU: it never asks which CPU it is on (plat_this_cpu),
 * and taking the model's lock and sending IPIs are open to any thread
 * here. */

/* --- result files ----------------------------------------------------------- */

static int fd_write_at(void *h, uint64_t off, const void *buf, size_t n)
{
	int fd = (int)(intptr_t)h;
	const char *p = buf;

	while (n) {
		ssize_t w = pwrite(fd, p, n, (off_t)off);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		off += (uint64_t)w;
		n -= (size_t)w;
	}
	return 0;
}

/* What pwrite wrote is the kernel's once it returns: a crash of this
 * program loses nothing already reported, which is what flush is for. */
static int fd_flush(void *h)
{
	(void)h;
	return 0;
}

static bool open_rfile(const char *dir, const char *name, struct rfile *f)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	memset(f, 0, sizeof(*f));
	if (fd < 0)
		return false;
	f->write_at = fd_write_at;
	f->flush = fd_flush;
	f->h = (void *)(intptr_t)fd;
	return true;
}

/* The run's folder: log.txt, results.tap, results.json. */
static void open_results(struct session *s, const char *dir)
{
	static struct rfile tap, json;
	char path[4096];
	FILE *log;

	snprintf(path, sizeof(path), "%s/log.txt", dir);
	if ((mkdir(dir, 0755) && errno != EEXIST) || !(log = fopen(path, "w")) ||
	    !open_rfile(dir, "results.tap", &tap) || !open_rfile(dir, "results.json", &json)) {
		plat_log(0, "results: cannot write to %s (%s); console only", dir, strerror(errno));
		return;
	}
	host_threads_mirror(log);
	plat_log(0, "results: %s/", dir);
	rfile_track(&tap);
	rfile_track(&json);
	s->tap = &tap;
	s->json = &json;
}

/* --- main ------------------------------------------------------------------ */

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ .name = "cpus", .has_arg = required_argument, .flag = NULL, .val = 'c' },
		{ .name = "packages", .has_arg = required_argument, .flag = NULL, .val = 'p' },
		{ .name = "results", .has_arg = required_argument, .flag = NULL, .val = 'r' },
		{ .name = "model", .has_arg = required_argument, .flag = NULL, .val = 'm' },
		{ .name = "real-clock", .has_arg = no_argument, .flag = NULL, .val = 'C' },
		{ .name = NULL },
	};
	static struct session s;
	static struct pmu_choice pc;
	struct pmu_opts opts;
	unsigned ncpus = 4, npackages = 2;
	const char *results = NULL;
	bool real_clock = false;
	int o, e;

	s.t0 = plat_tsc(); /* elapsed_us */
	while ((o = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (o == 'c')
			ncpus = (unsigned)atoi(optarg);
		else if (o == 'p')
			npackages = (unsigned)atoi(optarg);
		else if (o == 'r')
			results = optarg;
		else if (o == 'm')
			host_cpu.model = (uint32_t)strtoul(optarg, NULL, 0);
		else if (o == 'C')
			real_clock = true;
		else
			usage();
	}
	if (!ncpus || ncpus > PLAT_MAX_CPUS || !npackages || npackages > ncpus || !host_cpu.model ||
	    host_cpu.model > 0xff ||
	    npackages > EMU_MAX_PKG)
		usage();
	parse_args(host_cfg(), argc - optind, argv + optind);
	if (host_cfg()->inject != INJECT_NONE && host_cfg()->inject != INJECT_PREFLIGHT_FAIL) {
		fprintf(stderr, "suite: inject=%s needs the UEFI target; nothing run\n",
			cfg_inject_name(host_cfg()->inject));
		return 2;
	}
	e = host_threads_start(ncpus, npackages);
	if (e) {
		fprintf(stderr, "suite: cannot start %u CPU threads: %s\n", ncpus, strerror(e));
		return 2;
	}
	opts = cfg_pmu_opts(host_cfg());
	if (!pmu_setup(&host_cpu, &opts, &tcg, TICK_US, &pc)) {
		fprintf(stderr, "suite: no emulated PMU to test (%s)\n", pc.emulated ? pc.why :
			"backend=hw: the host has no uncore MSRs");
		return 2;
	}
	if (real_clock)
		host_clock_real();
	pmu_change_hook = host_clock_busy;
	e = host_clock_tick(TICK_US, emu_poll);
	if (e) {
		fprintf(stderr, "suite: cannot start the PMI tick: %s\n", strerror(e));
		return 2;
	}
	s.cfg = host_cfg();
	s.pc = &pc;
	snprintf(s.ri.cpu_vendor, sizeof(s.ri.cpu_vendor), "%s", host_cpu.vendor);
	s.ri.family = host_cpu.family;
	s.ri.model = host_cpu.model;
	s.ri.signature = host_signature();
	snprintf(s.ri.brand, sizeof(s.ri.brand), "Linux host, one thread per CPU");
	snprintf(s.ri.hypervisor, sizeof(s.ri.hypervisor), "host-threads");
	s.ri.apic_mode = "xAPIC";
	s.hypervisor = true;
	session_start(&s);
	if (host_cfg()->list)
		return session_list(&s);
	if (results)
		open_results(&s, results);
	session_run(&s);
	return session_end(&s);
}
