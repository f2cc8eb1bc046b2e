/* uncore.state.preflight reads every register of the detected generation,
 * package-scoped ones on one CPU of each package and thread-scoped ones on
 * every CPU, before any test writes one; it prints what firmware left
 * non-zero and keeps it all. uncore.state.restore, after the last test,
 * writes the saved values back and verifies them by read-back: any mismatch
 * is its ERROR. Read-only and write-only registers are saved for the record
 * but not written. Counters are restored while the global control is 0 and
 * verified before it is re-enabled (afterwards they would move on). */
#include "state.h"
#include "../pmu/topo.h"
#include "../efi/platform.h"
#include "../pmu/backend.h"

struct saved {
	const struct reg_tmpl *tmpl;
	const struct box_type *box;
	unsigned box_idx, idx, cpu;
	uint32_t msr;
	uint64_t val;
};

static const struct uncore_gen *gen;
/* Allocated at the first pre-flight to the size the walk counts (a Xeon
 * 7500 has about 400 registers per package): static storage would sit in
 * the .efi file. */
static struct saved *saved;
static unsigned nsaved, cap, need;
static bool have_state;

void state_set_gen(const struct uncore_gen *g)
{
	gen = g;
}

/* The first CPU of each package stands for its package-scoped registers. */
static bool package_leader(unsigned cpu)
{
	unsigned i;

	for (i = 0; i < cpu; i++)
		if (plat_cpu(i)->package == plat_cpu(cpu)->package)
			return false;
	return true;
}

static void name_of(const struct saved *s, char *buf, size_t len)
{
	struct reg_ref r = { gen, s->box, s->tmpl, s->box_idx, s->idx, s->msr };

	reg_name(&r, buf, len);
}

/* The CPU's family 6 model: which box instances exist (box_count, X-39). */
static uint32_t cpu_model(void)
{
	uint32_t r[4];

	pmu_cpuid(1, 0, r);
	return ((r[0] >> 4) & 0xF) | ((r[0] >> 16) & 0xF) << 4;
}

/* Instances of a box type CPU `cpu` reaches: none of a PCI box (config
 * space, not MSRs), those its model has (box_count: the Xeon 7500's C8/C9
 * on 0x2F only, X-39), one per core of the package where the type says so
 * (OQ-S15). */
static unsigned instances(const struct box_type *bt, unsigned cpu, uint32_t model)
{
	unsigned n = topo_package_cores(plat_cpu(cpu)->package), i;
	unsigned m = box_count(bt, model);

	if (bt->scope == SCOPE_PCI)
		return 0;
	for (i = 0; per_core_boxes[i]; i++)
		if (per_core_boxes[i] == bt && n < m)
			return n;
	return m;
}

/* Visit every (cpu, register instance) the state covers: registers with
 * an address (not an addressless summary, OQ-X9). */
static enum verdict walk(struct tctx *t, bool (*fn)(struct tctx *, struct saved *))
{
	unsigned cpu, b, ti, box, idx, model = cpu_model();

	for (cpu = 0; cpu < plat_cpu_count(); cpu++)
		for (b = 0; b < gen->nboxes; b++) {
			const struct box_type *bt = gen->boxes[b];

			if (bt->scope == SCOPE_PACKAGE && !package_leader(cpu))
				continue;
			for (ti = 0; ti < bt->nregs; ti++)
				for (box = 0; bt->regs[ti].role != ROLE_SUMMARY &&
				     box < instances(bt, cpu, model); box++)
					for (idx = 0; idx < bt->regs[ti].count; idx++) {
						struct saved s = { &bt->regs[ti], bt, box, idx, cpu,
								   reg_msr(&bt->regs[ti], bt, box, idx), 0 };

						if (!fn(t, &s))
							return V_ERROR;
					}
		}
	return V_PASS;
}

static bool count_one(struct tctx *t, struct saved *s)
{
	(void)t;
	need += s->tmpl->access != RA_WO;
	return true;
}

static bool save_one(struct tctx *t, struct saved *s)
{
	char name[48];
	int rc;

	if (s->tmpl->access == RA_WO)
		return true;
	if (nsaved == cap) {
		t_error(t, "more than %u registers to save", cap);
		return false;
	}
	rc = msr_read(s->cpu, s->msr, &s->val);
	name_of(s, name, sizeof(name));
	if (rc) {
		t_error(t, "CPU %u: rdmsr 0x%x (%s) faulted (%d)", s->cpu, s->msr, name, rc);
		return false;
	}
	if (s->val)
		plat_log(1, "  preflight: CPU %u %s (0x%x) = 0x%lx left by firmware", s->cpu,
			 name, s->msr, (unsigned long)s->val);
	saved[nsaved++] = *s;
	return true;
}

static enum verdict preflight(struct tctx *t)
{
	enum verdict v;
	unsigned i, nonzero = 0;

	if (!gen)
		return t_skip(t, "no supported uncore");
	need = 0;
	walk(t, count_one);
	if (need > cap) {
		saved = plat_alloc(need * sizeof(*saved));
		cap = saved ? need : 0;
		if (!saved)
			return t_error(t, "no memory for %u saved registers", need);
	}
	nsaved = 0;
	v = walk(t, save_one);
	if (v != V_PASS)
		return v;
	for (i = 0; i < nsaved; i++)
		nonzero += saved[i].val != 0;
	have_state = true;
	t_figure(t, "registers_saved", nsaved, "");
	t_figure(t, "nonzero_at_start", nonzero, "");
	return V_PASS;
}

/* A box type with a control of some kind: its counters can be stopped. */
static bool stoppable(const struct box_type *bt)
{
	unsigned i;

	for (i = 0; i < bt->nregs; i++)
		if (bt->regs[i].role == ROLE_CTL || bt->regs[i].role == ROLE_BOX_CTL)
			return true;
	return false;
}

/* Read/write registers only; not the write-1-to-clear action registers
 * (IA32_PERF_GLOBAL_OVF_CTRL), whose read value means nothing to write, nor
 * counters nothing stops (the SNB-EP C-state residency counters, S-46:
 * free-running, read-only to the SDM), which no read-back could verify. */
static bool restorable(const struct saved *s)
{
	return s->tmpl->access == RA_RW && !reg_access_mask(s->tmpl, FA_W1C) &&
	       (s->tmpl->role != ROLE_CTR || stoppable(s->box));
}

/* Restore order: counters while everything is stopped, then the controls
 * and filters, then the global controls that start them. */
enum pass { P_COUNTERS, P_CONTROLS, P_GLOBAL };

static enum pass pass_of(const struct saved *s)
{
	if (s->tmpl->role == ROLE_GLOBAL_CTL)
		return P_GLOBAL;
	return s->tmpl->role == ROLE_CTR ? P_COUNTERS : P_CONTROLS;
}

/* Restore then verify the registers of one pass. */
static enum verdict put_back(struct tctx *t, enum pass pass)
{
	unsigned i;
	char name[48];

	for (i = 0; i < nsaved; i++) {
		struct saved *s = &saved[i];
		uint64_t now;
		int rc;

		if (!restorable(s) || pass_of(s) != pass)
			continue;
		name_of(s, name, sizeof(name));
		rc = msr_write(s->cpu, s->msr, s->val);
		if (!rc)
			rc = msr_read(s->cpu, s->msr, &now);
		if (rc)
			return t_error(t, "CPU %u: restoring %s (0x%x) faulted (%d)", s->cpu, name,
				       s->msr, rc);
		if (now != s->val)
			return t_error(t, "CPU %u: %s (0x%x) reads 0x%lx after restoring 0x%lx",
				       s->cpu, name, s->msr, (unsigned long)now,
				       (unsigned long)s->val);
	}
	return V_PASS;
}

/* BOX_CTL's freeze fields (frz, frz_en: S-11), 0 where it has none. */
static uint64_t freeze_value(const struct reg_tmpl *tm)
{
	const struct field *a = reg_field(tm, "frz"), *b = reg_field(tm, "frz_en");

	return a && b ? field_mask(a) | field_mask(b) : 0;
}

/* Every box control (write-only, never saved: S-11, OQ-S02) of the state:
 * written `freeze` ? its freeze value : its reset value (unfrozen; what it
 * held before the run cannot be read back). */
static bool box_ctls(bool freeze)
{
	unsigned cpu, b, ti, box, model = cpu_model();

	for (cpu = 0; cpu < plat_cpu_count(); cpu++)
		for (b = 0; b < gen->nboxes && package_leader(cpu); b++) {
			const struct box_type *bt = gen->boxes[b];

			for (ti = 0; ti < bt->nregs; ti++)
				for (box = 0; box < instances(bt, cpu, model); box++)
					if (bt->regs[ti].role == ROLE_BOX_CTL &&
					    msr_write(cpu, reg_msr(&bt->regs[ti], bt, box, 0),
						      freeze ? freeze_value(&bt->regs[ti])
							     : bt->regs[ti].reset))
						return false;
		}
	return true;
}

static enum verdict restore(struct tctx *t)
{
	enum verdict v;
	unsigned i;

	if (!gen)
		return t_skip(t, "no supported uncore");
	if (!have_state)
		return t_error(t, "nothing was saved (uncore.state.preflight did not pass)");
	/* Stop everything first, so restored counters hold still: global
	 * controls and counter controls 0, boxes frozen. */
	for (i = 0; i < nsaved; i++)
		if ((saved[i].tmpl->role == ROLE_GLOBAL_CTL || saved[i].tmpl->role == ROLE_CTL) &&
		    restorable(&saved[i]) && msr_write(saved[i].cpu, saved[i].msr, 0))
			return t_error(t, "CPU %u: stopping the uncore faulted", saved[i].cpu);
	if (!box_ctls(true))
		return t_error(t, "freezing the uncore's boxes faulted");
	v = put_back(t, P_COUNTERS);
	if (v == V_PASS)
		v = put_back(t, P_CONTROLS);
	if (v == V_PASS && !box_ctls(false))
		return t_error(t, "unfreezing the uncore's boxes faulted");
	if (v == V_PASS)
		v = put_back(t, P_GLOBAL);
	if (v == V_PASS)
		t_figure(t, "registers_restored", nsaved, "");
	return v;
}

const struct test state_preflight = {
	"uncore.state.preflight", "save every uncore register before the tests; print what "
	"firmware left non-zero", NEED_UNCORE, preflight,
};

const struct test state_restore = {
	"uncore.state.restore", "write the saved uncore state back and verify it by read-back",
	NEED_UNCORE, restore,
};
