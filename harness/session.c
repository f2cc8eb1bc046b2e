/* One run of the harness on any platform (harness/session.h). */
#include "harness/session.h"
#include "harness/cpu_topo.h"
#include "harness/leave.h"
#include "harness/state.h"
#include "lib/platform.h"
#include "pmu/backend/backend.h"
#include "pmu/backend/trace.h"
#include "harness/disc_tables.h"
#include "pmu/emu/emu.h"

#ifndef HARNESS_VERSION
#define HARNESS_VERSION "unknown"
#endif

/* What the emulated backend stands in for, or NULL. */
static const char *emulated_what(const struct pmu_choice *pc)
{
	if (!pc->emulated)
		return NULL;
	if (pc->gen && pc->core)
		return "emulated uncore and core PMU";
	return pc->gen ? "emulated uncore" : pc->core ? "emulated core PMU" : NULL;
}

/* The per-model corrections (xeon-discovery.md §4.5) that changed a
 * socket's table as the run read it, so that a run says which of its
 * units are not the table's alone; and, when none did, how many were
 * for this model. The tables are read here, once, for the disc.* suites
 * too (harness/disc_tables.h). */
static void banner_disc(uint32_t model)
{
	const struct disc_machine *m = disc_machine();
	unsigned applied = 0, applicable = 0;

	for (unsigned k = 0; k < m->nsock; k++)
		for (unsigned r = 0; r < disc_fixes_count; r++)
			if (m->s[k].fixes >> r & 1) {
				plat_log(0, "uncore correction applied to socket %u's table: %s (%s)", k,
					 disc_fixes[r].what, disc_fixes[r].stmt);
				applied++;
			}
	for (unsigned r = 0; r < disc_fixes_count; r++)
		applicable += disc_fix_for(&disc_fixes[r], model);
	if (!applied)
		plat_log(0, "uncore corrections: none applied (%u for model 0x%x, %u table(s) read)",
			 applicable, model, m->nsock);
}

static void banner(const struct session *s)
{
	const struct run_info *ri = &s->ri;
	const struct pmu_choice *pc = s->pc;
	const char *what = emulated_what(pc);
	char core[384], id[512];

	plat_log(0, "uncore-harness %s", ri->version);
	plat_log(0, "cpu: %s signature 0x%08x family 0x%x model 0x%x stepping 0x%x",
		 ri->cpu_vendor, ri->signature, ri->family, ri->model, ri->stepping);
	plat_log(0, "brand: %s", ri->brand[0] ? ri->brand : "(none)");
	plat_log(0, "platform: %s%s", s->hypervisor ? "hypervisor " : "bare metal",
		 s->hypervisor ? ri->hypervisor : "");
	/* Date, microcode, firmware, system and board (lib/identity.h). */
	for (int i = 0; ident_line(plat_identity(), i, id, sizeof(id)); i++)
		plat_log(0, "%s", id);
	plat_log(0, "cpus: %u in %u package(s); apic: %s (x2APIC %s)", ri->ncpus,
		 ri->npackages, ri->apic_mode, s->x2apic ? "available" : "not available");
	if (pc->gen)
		plat_log(0, "uncore: %s (%s)%s%s", pc->gen->name, pc->gen->desc,
			 pc->why[0] ? "; " : "", pc->why);
	else
		plat_log(0, "uncore: none: %s; uncore tests will SKIP", pc->why);
	if (pc->gen && pc->gen->suite && !strcmp(pc->gen->suite, "disc"))
		banner_disc(ri->model);
	core_enum_summary(ri->core_pmu, ri->core_shape, &ri->core, core, sizeof(core));
	plat_log(0, "core PMU: %s%s", core, ri->core.version ? "" : "; core tests are N/A");
	plat_log(0, "backend: %s%s%s%s; tsc: %lu kHz", ri->backend, what ? " (" : "",
		 what ? what : "", what ? ": results validate the harness, not silicon)" : "",
		 (unsigned long)(ri->tsc_hz / 1000));
	/* How PCI configuration space is reached (lib/platform.h). */
	plat_log(0, "pci: %s", plat_pci_mechanism());
	/* All of it, on as many lines as it takes (config.h). */
	for (size_t at = 0, n, next; ri->config[at]; at += next) {
		n = cfg_describe_line(ri->config + at, CFG_DESCRIBE_WIDTH, &next);
		plat_log(0, "config: %.*s", (int)n, ri->config + at);
	}
	if (ri->tag[0])
		plat_log(0, "tag: %s", ri->tag);
}

/* The run session_leave finishes, whichever path ends it. */
static struct session *cur;

/* A hybrid part's core types, each a run of the core suite (C-61). */
static struct run_types types;

/* emu.fault.each=1: the passes' defects, "none" first, then emu.fault='s in
 * its order; one defect set up alone for each pass, as a boot with that
 * emu.fault= alone would have it, so one boot serves the mutation matrix's
 * cells of several defects (ci/mutation.sh). */
static const char *passes[EMU_FAULT_COUNT + 1];
static unsigned npasses;

static void list_passes(const struct session *s)
{
	unsigned bit;

	npasses = 0;
	if (!s->cfg->emu_fault_each)
		return;
	if (!s->pc->emulated) {
		plat_log(0, "emu.fault.each: no emulated PMU to give a defect; one pass");
		return;
	}
	passes[npasses++] = "none";
	for (bit = 0; bit < EMU_FAULT_COUNT; bit++)
		if (emu_faults_has(&s->cfg->emu_faults, bit))
			passes[npasses++] = emu_fault_name(bit);
}

/* Before pass k's first test: the emulated PMUs set up anew with its
 * defect. A set-up that fails is the harness's ERROR. */
static void start_pass(unsigned k)
{
	struct emu_fault_set f = { { 0 } };
	int rc;

	if (k)
		emu_faults_parse(passes[k], &f, NULL, 0);
	rc = emu_refault(&f);
	disc_machine_forget(); /* the pass's tables are read anew */
	plat_log(0, "emu.fault.each: pass %u of %u: emu.fault=%s%s", k + 1, npasses, passes[k],
		 rc ? "; the emulated PMUs could not be set up" : "");
	if (rc)
		cur->tally.n[V_ERROR]++;
}

void session_start(struct session *s)
{
	struct run_info *ri = &s->ri;

	cur = s;
	cfg_describe(s->cfg, s->cfg_text, sizeof(s->cfg_text));
	ri->version = HARNESS_VERSION;
	ri->ncpus = plat_cpu_count();
	ri->npackages = plat_package_count();
	ri->backend = msr_backend()->name;
	ri->emulated = msr_backend()->model;
	ri->uncore = s->pc->gen ? s->pc->gen->name : "";
	core_enum_read(&ri->core); /* the view the core suite sees (C-11) */
	ri->core_pmu = pmu_core_emulated() ? "emulated" : ri->core.version ? "hardware" : "none";
	ri->core_shape = s->pc->core_name;
	ri->tsc_hz = plat_tsc_hz();
	ri->config = s->cfg_text;
	ri->tag = s->cfg->tag;
	cpu_topo_types(&types);
	list_passes(s);
	banner(s);
	state_set_gen(s->pc->gen);
	pmu_trace_set_gen(s->pc->gen);
}

/* Leave the machine as found: the uncore's state around the tests that need
 * it, the core PMU's around the core suite. */
static const struct bracket brackets[] = {
	{ .needs = NEED_UNCORE, .first = &state_preflight, .last = &state_restore },
	{ .needs = NEED_CORE_PMU, .first = &core_state_preflight, .last = &core_state_restore },
};

/* After a test that ended FAIL or ERROR, which may have skipped its own
 * clean-up: everything stopped, every LVT entry masked, before the next. */
static void recover(const struct tresult *r)
{
	char after[T_REASON_LEN];

	snprintf(after, sizeof(after), "after %s (%s)", r->test->id, verdict_word(r->verdict));
	leave_stop(after);
}

static struct run_opts opts_of(const struct session *s)
{
	return (struct run_opts){
		.tests = s->cfg->tests,
		.skip = s->cfg->skip,
		.repeat = s->cfg->repeat,
		.brackets = brackets,
		.nbrackets = ARRAY_SIZE(brackets),
		.recover = recover,
		.types = &types,
		.resume = s->resume,
		.npasses = npasses,
		.pass = npasses ? passes : NULL,
		.start_pass = npasses ? start_pass : NULL,
	};
}

/* The machine as the runner sees it. */
static struct run_env env_of(const struct session *s)
{
	return (struct run_env){
		.ncpus = plat_cpu_count(),
		.npackages = plat_package_count(),
		.x2apic = s->x2apic,
		.uncore = s->pc->gen != NULL,
		.no_uncore = s->pc->why,
		.core_pmu = s->ri.core.version > 0,
		.no_core_pmu = NULL,
		.uncore_gen = s->pc->gen ? s->pc->gen->suite : NULL,
		.uncore_also = s->pc->gen ? s->pc->gen->suite_also : NULL,
		.ruled_out = s->pc->ruled_out,
	};
}

int session_list(struct session *s)
{
	struct run_opts o = opts_of(s);
	struct run_env env = env_of(s);

	runner_unmatched(all_suites, all_suites_count, &o);
	return runner_list(all_suites, all_suites_count, &o, &env) ? 0 : 77;
}

/* The sink: a test's record (its trace at verbose=3, its verdict line in
 * log.txt, its result in every file) is written once the body has ended
 * and flushed as one piece before the next test body starts
 * (rfile_defer): a hang or reset in a test body finds everything before it
 * on the medium. Flushing each of a verbose=3 test's thousands of trace
 * lines alone took most of a trace boot's time. */
static void ended(void *ctx)
{
	struct session *s = ctx;

	if (s->after_test)
		s->after_test();
	rfile_defer(true);
}

static void write_result(void *ctx, const struct tresult *r)
{
	struct session *s = ctx;

	rfile_defer(true); /* a test that did not run has no ended() */
	if (s->tap)
		tap_result(s->tap, r);
	if (s->json)
		json_result(s->json, r);
	if (s->jsonl)
		jsonl_result(s->jsonl, r);
	if (s->after_result)
		s->after_result(r);
}

static void starting(void *ctx, const struct tresult *r)
{
	struct session *s = ctx;

	rfile_defer(false);
	if (s->before_test)
		s->before_test(r);
}

unsigned session_planned(const struct session *s)
{
	struct run_opts o = opts_of(s);

	return runner_planned(all_suites, all_suites_count, &o);
}

void session_run(struct session *s)
{
	struct run_opts o = opts_of(s);
	struct run_env env = env_of(s);

	runner_unmatched(all_suites, all_suites_count, &o);
	if (s->tap && !s->resume)
		tap_begin(s->tap, &s->ri);
	if (s->json && !s->resume)
		json_begin(s->json, &s->ri);
	if (s->jsonl && !s->resume)
		jsonl_begin(s->jsonl, &s->ri);
	leave_record();
	runner_run(all_suites, all_suites_count, &o, &env,
		   &(struct run_sink){ .result = write_result, .ctx = s, .starting = starting,
				      .ended = ended }, &s->tally);
	session_leave();
}

struct owed {
	const struct test *test;
	struct tctx *t;
	enum verdict v;
};

static void run_owed(void *p)
{
	struct owed *o = p;

	o->v = o->test->run(o->t);
}

/* A restore bracket the runner never reached, run here; its outcome goes on
 * a "state:" line, not a verdict (the run is ending outside the runner). */
static void restore_owed(const struct test *tc)
{
	struct tresult r;
	struct tctx t = { .res = &r };
	struct owed o = { .test = tc, .t = &t, .v = V_ERROR };

	memset(&r, 0, sizeof(r));
	r.test = tc;
	if (plat_guarded(run_owed, &o, r.reason, sizeof(r.reason)))
		o.v = V_ERROR;
	plat_log(0, "state: %s, owed, run at the end: %s%s%s", tc->id, verdict_word(o.v),
		 r.reason[0] ? ": " : "", r.reason);
}

void session_leave(void)
{
	static bool left;

	if (!cur || !leave_recorded() || left)
		return;
	left = true;
	if (state_owed() || core_state_owed()) {
		leave_stop("before the restores the runner did not reach");
		if (core_state_owed()) /* the brackets' lasts run in reverse order */
			restore_owed(&core_state_restore);
		if (state_owed())
			restore_owed(&state_restore);
	}
	leave_finish();
}

static void say(void *ctx, const char *msg)
{
	(void)ctx;
	plat_log(0, "%s", msg);
}

int session_end(struct session *s)
{
	const struct tally *t = &s->tally;
	char line[96];

	rfile_defer(false);
	s->tally.elapsed_us = (plat_tsc() - s->t0) / (plat_tsc_hz() / 1000000);
	plat_log(1, "run: %lu ms from the app's start to its verdict",
		 (unsigned long)(t->elapsed_us / 1000));
	if (s->tap)
		tap_end(s->tap, t);
	if (s->json)
		json_end(s->json, t);
	if (s->jsonl)
		jsonl_end(s->jsonl, t);
	runner_print_fails(t);
	/* The tally's PASS count holds the state brackets' (runner_bracket):
	 * say what 77 means when they are all that passed. */
	if (runner_exit_code(t) == 77)
		plat_log(0, "nothing tested: %s%s",
			 t->planned ? "every selected test was skipped or not applicable"
				    : "no test was selected",
			 t->bracket_passes ? "; the state brackets' PASS saves and restores the "
					     "machine's state, it tests nothing" : "");
	runner_print_untested(t);
	cfg_say_ignored(s->cfg, say, NULL);
	if (!s->pc->gen)
		plat_log(0, "uncore: not tested: %s; every uncore test SKIPped (the README lists "
			 "the uncores the harness knows)", s->pc->why);
	plat_log(0, "tally: %u PASS, %u FAIL, %u SKIP, %u XFAIL, %u ERROR, %u N/A",
		 t->n[V_PASS], t->n[V_FAIL], t->n[V_SKIP], t->n[V_XFAIL], t->n[V_ERROR],
		 t->n[V_NA]);
	runner_summary_line(t, line, sizeof(line));
	plat_puts(line);
	return runner_exit_code(t);
}
