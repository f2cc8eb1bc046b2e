/* make replay TRACE=file: the register trace of a verbose=3 run (serial log
 * or log.txt) played on the emulated model of its generation, the model
 * against what the machine answered, so that a disagreement between the
 * model and silicon shows line by line.
 *
 * The emulated backend (pmu/backend/emu.c) is set up as the run's was:
 * the generation from the banner's uncore line, the core PMU from its
 * CPUID.0AH view, the U-clock of emu.uclk_mhz, the CPUs in the packages
 * and cores of the trace-cpu lines, and no defect. Its clocks follow the
 * trace's TSC (trace-clock's rate; on an emulated run the models' own
 * origin): every write lands at its time, and every read is compared.
 *
 * An access took effect somewhere in [T, T+D] (pmu/backend/trace.h). The whole
 * trace is played four times, its writes at T, at T+D, and alternately at
 * one and the other (late_in), each read taken at T and at T+D: a read
 * agrees when one of the eight answers does, so the jitter of the run's
 * own accesses does not count as a disagreement, and a state the model
 * never reaches in the window does. C-state declarations (cstate lines)
 * are made on their CPU, as pmu_cstate made them.
 *
 * What is compared, by the register tables (pmu/regs/): a counter
 * (ROLE_CTR) on whether it moved since this CPU's last access to it (that
 * access's answer at its T or its T+D, in the same world), went
 * back (a wrap or a reset) and on its bits above the counting width, but
 * not on going back when the model reset it in between and it counted
 * since (each world reads it again just after every write in between:
 * counting past the old value or not is then the window's jitter); any
 * other register bit for bit, but IA32_DEBUGCTL and PERF_CAPABILITIES in
 * their PMU fields only and IA32_PERF_GLOBAL_STATUS without bit 61, which
 * records a PMI delivered through the LVT, an access the trace does not
 * hold; a fault against a fault. Registers no table names are played, not
 * compared. Each disagreement names the fields that differ with the spec
 * statements and open questions their table entries cite.
 *
 * A run that hung or was reset leaves its trace's last line cut: a trace
 * line that does not parse and is the file's last, or is followed by the
 * next boot's banner before any other trace line, ends the trace; the
 * accesses before it are replayed and a line says where it stopped. A
 * trace line that does not parse elsewhere is refused whole.
 *
 * Exit status: 0 all agree, 1 a disagreement, 2 input that cannot be
 * replayed (unreadable, no header, a garbled line inside the trace, a gap:
 * accesses the run did not keep, after which the model cannot follow). */
#include "host/host.h"
#include "host/replay/replay.h"
#include "pmu/emu/emu.h"
#include "pmu/emu/models.h"
#include "pmu/backend/space.h"
#include "pmu/backend/trace.h"
#include <stdio.h>
#include <stdlib.h>

static struct rp_run run;
static struct event *ev;
static size_t nev, cap_ev;
static unsigned cpu_of[RP_MAX_CPUS]; /* trace CPU -> replay CPU */
static uint64_t vnow, tsc0, uclk_khz;

/* The models' clocks at the trace's TSC vnow: the conversions of
 * emu_uclk_now and emu_core_now (pmu/backend/emu.c), which read the real
 * TSC, on the trace's instead. */
static uint64_t replay_uclk(void)
{
	uint64_t d = vnow > tsc0 ? vnow - tsc0 : 0, hz = run.tsc_hz;

	return d / hz * uclk_khz * 1000 + d % hz * uclk_khz / (hz / 1000);
}

static uint64_t replay_core(void)
{
	uint64_t d = vnow > tsc0 ? vnow - tsc0 : 0;

	return d / 3 * 4 + d % 3 * 4 / 3;
}

static int fail(const char *file, unsigned line, const char *why)
{
	if (line)
		fprintf(stderr, "replay: %s:%u: %s\n", file, line, why);
	else
		fprintf(stderr, "replay: %s: %s\n", file, why);
	return 2;
}

/* Whether the trace ends at the bad line just read (f past it): nothing
 * but other lines follow it to the end of the file or to the next boot's
 * banner. */
static bool trace_ends(FILE *f)
{
	char line[1024], why[160];
	struct rp_run scratch;
	struct rp_access a;

	rp_run_init(&scratch);
	while (fgets(line, sizeof(line), f)) {
		enum rp_kind k;

		if (rp_boot_line(line))
			return true;
		k = rp_parse_line(line, &scratch, &a, why, sizeof(why));
		if (k == RP_ACCESS || k == RP_DROPPED || k == RP_BAD)
			return false;
	}
	return true;
}

/* Every access up to the first gap or the cut last line (said in stop);
 * 0, or 2 after saying why. */
static int load(const char *file, char *gap, size_t gap_len, char *stop, size_t stop_len)
{
	FILE *f = fopen(file, "r");
	char line[1024], why[160];
	unsigned n = 0;
	struct rp_access a;

	if (!f)
		return fail(file, 0, "cannot be opened");
	rp_run_init(&run);
	gap[0] = stop[0] = '\0';
	while (fgets(line, sizeof(line), f)) {
		enum rp_kind k = rp_parse_line(line, &run, &a, why, sizeof(why));

		n++;
		if (k == RP_BAD && trace_ends(f)) {
			snprintf(stop, stop_len, "stopped at line %u, the trace's last, which is cut "
				 "(%s): a run that hung or was reset ends so; the %zu accesses before it "
				 "replayed", n, why, nev);
			break;
		}
		if (k == RP_BAD) {
			fclose(f);
			return fail(file, n, why);
		}
		if (k == RP_DROPPED) {
			snprintf(gap, gap_len, "%s: %llu accesses not kept (line %u)", a.test,
				 (unsigned long long)a.val, n);
			break;
		}
		if (k != RP_ACCESS)
			continue;
		if (nev == cap_ev && !(ev = realloc(ev, (cap_ev = cap_ev ? 2 * cap_ev : 4096) *
						       sizeof(*ev)))) {
			fclose(f);
			return fail(file, 0, "out of memory");
		}
		ev[nev++] = (struct event){ .a = a, .line = n };
	}
	fclose(f);
	if (!nev)
		return fail(file, 0, "no register trace line (a verbose=3 run prints them)");
	return 0;
}

static int by_tsc(const void *a, const void *b)
{
	const struct event *x = a, *y = b;

	if (x->a.tsc != y->a.tsc)
		return x->a.tsc < y->a.tsc ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* Each CPU's accesses in the order it made them. The buffer holds them in
 * the order they ended, and a PMI that was pending during an access (the
 * backend's model lock keeps interrupts off) runs its handler, MSR
 * accesses and all, before that access is recorded: on one CPU, T (read
 * before each access) is program order. Across CPUs the recorded order
 * stays, TSCs of different sockets not being known to agree. */
static int order_per_cpu(void)
{
	struct event *mine = malloc(nev * sizeof(*mine));
	size_t *slot = malloc(nev * sizeof(*slot)), i, k;
	unsigned c;

	if (!mine || !slot)
		return -1;
	for (c = 0; c < run.ncpus; c++) {
		for (i = k = 0; i < nev; i++)
			if (ev[i].a.cpu == c) {
				slot[k] = i;
				mine[k++] = ev[i];
			}
		qsort(mine, k, sizeof(*mine), by_tsc);
		for (i = 0; i < k; i++)
			ev[slot[i]] = mine[i];
	}
	free(mine);
	free(slot);
	return 0;
}

/* The trace's CPUs onto the host machine's (APIC id = index, packages and
 * cores in index order): sorted by package, core and APIC id, which keeps
 * each core's lowest-APIC-id thread first (OQ-X2). Needs the same number
 * of CPUs in every package and of threads in every core. */
static const char *place_cpus(void)
{
	unsigned order[RP_MAX_CPUS], n = run.ncpus, i, j, npkg = 1, threads = 1, t;
	const struct rp_cpu *c = run.cpu;

	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = 1; i < n; i++) /* insertion sort: a handful of CPUs */
		for (j = i; j > 0; j--) {
			const struct rp_cpu *a = &c[order[j - 1]], *b = &c[order[j]];

			if (a->package < b->package || (a->package == b->package &&
			    (a->core < b->core || (a->core == b->core && a->apic <= b->apic))))
				break;
			t = order[j], order[j] = order[j - 1], order[j - 1] = t;
		}
	for (i = 1; i < n; i++)
		npkg += c[order[i]].package != c[order[i - 1]].package;
	for (i = 1; i < n && c[order[i]].package == c[order[0]].package &&
		    c[order[i]].core == c[order[0]].core; i++)
		threads++;
	if (n % npkg || (n / npkg) % threads)
		return "packages of unequal size or cores of unequal thread counts";
	host_machine_smt(n, npkg, threads);
	for (i = 0; i < n; i++) {
		const struct plat_cpu *h = plat_cpu(i), *h0 = plat_cpu(i ? i - 1 : 0);
		const struct rp_cpu *r = &c[order[i]], *r0 = &c[order[i ? i - 1 : 0]];

		if ((h->package == h0->package) != (r->package == r0->package) ||
		    (h->core == h0->core && h->package == h0->package) !=
		    (r->core == r0->core && r->package == r0->package))
			return "packages of unequal size or cores of unequal thread counts";
		cpu_of[order[i]] = i;
	}
	return NULL;
}

static struct core_shape shape;

/* The emulated backend as the run's: 0, or why not. */
static const char *setup(struct emu_cfg *cfg)
{
	const struct emu_model *m = NULL;
	const struct uncore_gen *g = run.uncore[0] ? uncore_gen_by_name(run.uncore) : NULL;
	const struct emu_binding *bound = g ? emu_binding_for(g->name) : NULL;

	if (g && !(m = bound ? bound->model : NULL))
		g = NULL; /* no model of that generation: the core PMU alone */
	shape = (struct core_shape){
		.version = run.version,
		.ngp = run.ngp,
		.gp_width = run.gp_width,
		.ebx_len = run.ebx_len,
		.ebx = run.ebx,
		.nfixed = run.nfixed,
		.fixed_width = run.fixed_width,
		.pdcm = run.pdcm,
		.perf_caps = run.perf_caps,
	};
	uclk_khz = m && m->uclk_is_tsc ? run.tsc_hz / 1000 : run.uclk_mhz * 1000ull; /* OQ-S18 */
	*cfg = (struct emu_cfg){
		.gen = g,
		.uclk_khz = (uint32_t)uclk_khz,
		.clock = replay_uclk,
		.core = run.version && core_shape_valid(&shape) ? &shape : NULL,
		.core_clock = replay_core,
		.cpu_model = run.model,
	};
	if (!cfg->gen && !cfg->core)
		return "neither an uncore with a model nor a core PMU to replay";
	return NULL;
}

static void declare(void *state)
{
	msr_backend_emu.cstate(*(enum pmu_cstate *)state);
}

static void declare_traffic(void *access)
{
	const struct rp_access *a = access;

	msr_backend_emu.traffic(a->addr, a->val, a->bytes);
}

/* Whether world w plays its k-th write at T+D rather than T: world 0 every
 * write at T, world 1 at T+D, worlds 2 and 3 alternately, so that a
 * counting window one write opens and the next closes is played at its
 * shortest and at its longest too. */
static bool late_in(unsigned w, size_t k)
{
	return w == 1 || (w == 2 && (k & 1)) || (w == 3 && !(k & 1));
}

/* One access as the run made it: an MSR on its CPU; a PCI or MMIO access
 * through the access layer (pmu/backend/space.h), which tells a master
 * abort as the run's did. */
static int play_read(unsigned cpu, const struct rp_access *a, uint64_t *v)
{
	struct reg_loc l = { .space = a->space == RP_PCI ? SPACE_PCI : SPACE_MMIO,
			     .bytes = a->bytes, .fn = trace_pci_fn(a->addr),
			     .off = a->addr & 0xFFF, .phys = a->addr };

	if (a->space == RP_MSR)
		return msr_backend_emu.read(cpu, a->msr, v);
	return reg_loc_read(&l, v);
}

static int play_write(unsigned cpu, const struct rp_access *a)
{
	struct reg_loc l = { .space = a->space == RP_PCI ? SPACE_PCI : SPACE_MMIO,
			     .bytes = a->bytes, .fn = trace_pci_fn(a->addr),
			     .off = a->addr & 0xFFF, .phys = a->addr };

	if (a->space == RP_MSR)
		return msr_backend_emu.write(cpu, a->msr, a->val);
	return reg_loc_write(&l, a->val);
}

/* Played register accesses, not C-state or traffic declarations. */
static bool is_reg(const struct rp_access *a)
{
	return !a->cstate && a->space != RP_TRAFFIC;
}

static bool same_reg(const struct rp_access *a, const struct rp_access *b)
{
	return is_reg(a) && is_reg(b) && a->cpu == b->cpu && a->space == b->space &&
	       a->addr == b->addr && a->msr == b->msr;
}

/* A counter read r taken again, in every world, just after write w
 * (event.low): a reset between two accesses shows there. */
struct peek {
	size_t w, r;
};

static struct peek *peeks;
static size_t npeek, next_peek;

static int by_write(const void *a, const void *b)
{
	const struct peek *x = a, *y = b;

	if (x->w != y->w)
		return x->w < y->w ? -1 : 1;
	return x->r < y->r ? -1 : x->r > y->r;
}

/* For each counter read the comparison judges against its CPU's last
 * access (one that did not fault), the writes in between. */
static int find_peeks(const struct uncore_gen *gen)
{
	size_t i, j, k, cap = 0;
	unsigned w;

	for (i = 0; i < nev; i++) {
		const struct rp_access *a = &ev[i].a;

		for (w = 0; w < NWORLD; w++)
			ev[i].low[w] = UINT64_MAX;
		if (a->write || !is_reg(a) || a->rc || !replay_counter(gen, a))
			continue;
		for (j = i; j > 0 && !(same_reg(&ev[j - 1].a, a) && !ev[j - 1].a.rc); j--)
			;
		for (k = j; j && k < i; k++) {
			if (!ev[k].a.write || !is_reg(&ev[k].a))
				continue;
			if (npeek == cap && !(peeks = realloc(peeks, (cap = cap ? 2 * cap : 4096) *
							      sizeof(*peeks))))
				return -1;
			peeks[npeek++] = (struct peek){ .w = k, .r = i };
		}
	}
	qsort(peeks, npeek, sizeof(*peeks), by_write);
	return 0;
}

/* After write i of world w: each counter read waiting on it, at once. */
static void peek(unsigned w, size_t i)
{
	for (; next_peek < npeek && peeks[next_peek].w <= i; next_peek++) {
		struct event *r = &ev[peeks[next_peek].r];
		uint64_t v;

		if (peeks[next_peek].w == i && !play_read(cpu_of[r->a.cpu], &r->a, &v) &&
		    v < r->low[w])
			r->low[w] = v;
	}
}

/* One pass of world w: each write at its time, each read at T and T+D. */
static int play(const struct emu_cfg *cfg, unsigned w)
{
	size_t i, k = 0;

	vnow = tsc0;
	next_peek = 0;
	if (emu_setup(cfg))
		return -1;
	msr_backend_set(&msr_backend_emu);
	for (i = 0; i < nev; i++) {
		struct event *e = &ev[i];
		unsigned cpu = cpu_of[e->a.cpu];
		uint64_t t = e->a.tsc, v = e->a.val;
		struct ans *s = &e->m[2 * w];

		if (e->a.cpu >= run.ncpus)
			return -1;
		if (e->a.write && late_in(w, k++))
			t += e->a.dur;
		vnow = t > vnow ? t : vnow;
		emu_poll(); /* the PMI tick the run had (pmu/emu/emu.h) */
		if (e->a.cstate) {
			enum pmu_cstate c = (enum pmu_cstate)v;

			plat_run_on(cpu, declare, &c, 0, NULL); /* on that CPU, as pmu_cstate */
		} else if (e->a.space == RP_TRAFFIC) {
			plat_run_on(cpu, declare_traffic, &e->a, 0, NULL); /* as pmu_traffic */
		} else if (e->a.write) {
			s[0].rc = s[1].rc = play_write(cpu, &e->a);
			peek(w, i);
		} else {
			s[0].rc = play_read(cpu, &e->a, &s[0].v);
			vnow = t + e->a.dur > vnow ? t + e->a.dur : vnow;
			s[1].rc = play_read(cpu, &e->a, &s[1].v);
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct emu_cfg cfg;
	const char *why;
	char gap[160], stop[320];
	unsigned w;
	int rc;

	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: replay TRACE (the serial log or log.txt of a verbose=3 run; "
				"docs/hardware-owners.md: register trace and replay)\n");
		return 2;
	}
	if ((rc = load(argv[1], gap, sizeof(gap), stop, sizeof(stop))))
		return rc;
	if ((why = rp_run_missing(&run)) || (why = place_cpus()) || (why = setup(&cfg)))
		return fail(argv[1], 0, why);
	if (order_per_cpu() || find_peeks(cfg.gen))
		return fail(argv[1], 0, "out of memory");
	/* The models' origin: on an emulated run, where its core clock C was
	 * read at TSC T (C = 4/3 of the TSC since set-up); else the header's
	 * TSC, the trace's start. */
	tsc0 = run.clock_tsc - (run.emu_clock ? run.emu_core * 3 / 4 : 0);
	for (w = 0; w < NWORLD; w++) {
		if (play(&cfg, w))
			return fail(argv[1], 0, "the emulated backend could not be set up as the "
					    "run's");
	}
	printf("replay: %s: family 0x%x model 0x%x, uncore %s, core PMU %s; %u CPUs in %u "
	       "package(s), each access on its own CPU's package and core; TSC %llu Hz, "
	       "U-clock %llu kHz; %zu accesses\n", argv[1], run.family, run.model,
	       cfg.gen ? cfg.gen->name : "not replayed (no model)",
	       cfg.core ? "emulated as enumerated" : "not replayed", run.ncpus, plat_package_count(),
	       (unsigned long long)run.tsc_hz, (unsigned long long)uclk_khz, nev);
	rc = replay_compare(ev, nev, cpu_of, cfg.gen) ? 1 : 0;
	if (stop[0])
		printf("replay: %s\n", stop);
	if (gap[0]) {
		printf("replay: stopped at a gap, %s: the model cannot follow writes it did not see; "
		       "record with fewer tests per run (tests=)\n", gap);
		return rc ? rc : 2;
	}
	return rc;
}
