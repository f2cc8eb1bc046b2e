/* uncore.state.preflight reads every register of the detected generation,
 * package-scoped ones on one CPU of each package and thread-scoped ones on
 * every CPU, before any test writes one; it prints what firmware left
 * non-zero and keeps it all. uncore.state.restore, after the last test,
 * writes the saved values back and verifies them by read-back: any mismatch
 * is its ERROR. Read-only and write-only registers are saved for the record
 * but not written. Counters are restored while the global control is 0 and
 * verified before it is re-enabled (afterwards they would move on).
 *
 * Neither stops at the first problem, so that one register or one CPU costs
 * only what it holds: a package's registers go through any CPU of the
 * package that is not lost (plat_cpu_lost), a lost CPU's own registers are
 * named on a "state:" line, and a register the pre-flight could not read
 * (inject=preflight-fail feigns one) is stopped and left so. The restore
 * works from whatever the pre-flight saved, nothing included, and always
 * stops the uncore first: every global and counter control 0, as
 * state_stop does between tests after one cut short (harness/leave.h).
 *
 * A generation's PCI-configuration boxes (SCOPE_PCI) are saved, stopped,
 * restored and checked alike, through pmu/backend/space.h: the pre-flight
 * finds each instance on every bus of segment 0 that holds the
 * generation's first PCI box (its device id at its device and function,
 * S-48: the E5-2600's home agent is on every socket's uncore bus), and
 * the messages name the function ("0000:7f:0e.1") where an MSR's name
 * the CPU, and the offset ("+0xd8") where they give the MSR. */
#include "harness/state.h"
#include "pmu/topo.h"
#include "lib/platform.h"
#include "harness/config.h"
#include "pmu/backend/backend.h"
#include "arch/fault.h"
#include "pmu/backend/space.h"

struct saved {
	const struct reg_tmpl *tmpl;
	const struct box_type *box;
	unsigned box_idx, idx, cpu;
	uint32_t msr;       /* a PCI box's register: its configuration offset */
	const struct pci_fn *fn; /* a PCI box's register: its function, else NULL */
	uint64_t val;
};

/* The PCI box instances the pre-flight found, on every socket's bus. */
#define MAX_PCI_FNS 128
static struct pci_found {
	const struct box_type *box;
	unsigned box_idx;
	struct pci_fn fn;
} pci_fns[MAX_PCI_FNS];
static unsigned npci;

static const struct uncore_gen *gen;
/* Allocated at the first pre-flight to the size the walk counts (a Xeon
 * 7500 has about 400 registers per package): static storage would sit in
 * the .efi file. */
static struct saved *saved;
static unsigned nsaved, cap, need;
/* touched: the pre-flight ran, so the tests may change the uncore;
 * restored: the restore ran (session_leave runs one still owed). */
static bool touched, restored;
/* The problems of a pre-flight, restore or stop: how many, the first. */
static struct {
	unsigned n;
	char first[128];
} bad;

void state_set_gen(const struct uncore_gen *g)
{
	gen = g;
}

bool state_owed(void)
{
	return gen && touched && !restored;
}

static void problem(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void problem(const char *fmt, ...)
{
	va_list ap;

	if (bad.n++)
		return;
	va_start(ap, fmt);
	vsnprintf(bad.first, sizeof(bad.first), fmt, ap);
	va_end(ap);
}

/* The first CPU of cpu's package that is not lost: it stands for the
 * package-scoped registers. -1: every CPU of the package is lost. */
static int package_agent(unsigned cpu)
{
	unsigned i;

	for (i = 0; i < plat_cpu_count(); i++)
		if (plat_cpu(i)->package == plat_cpu(cpu)->package && !plat_cpu_lost(i))
			return (int)i;
	return -1;
}

static void name_of(const struct saved *s, char *buf, size_t len)
{
	struct reg_ref r = { .gen = gen, .box = s->box, .tmpl = s->tmpl,
			     .box_idx = s->box_idx, .idx = s->idx, .msr = s->msr };

	reg_name(&r, buf, len);
}

/* Who reaches s: "CPU 2" for an MSR, "0000:7f:0e.1" for a PCI box's. */
static void who(const struct saved *s, unsigned cpu, char *buf, size_t len)
{
	if (s->fn)
		pci_fn_text(*s->fn, buf, len);
	else
		snprintf(buf, len, "CPU %u", cpu);
}

/* Its address: "0x391", or "+0xd8" in its function. */
static void where(const struct saved *s, char *buf, size_t len)
{
	snprintf(buf, len, s->fn ? "+0x%x" : "0x%x", s->msr);
}

/* A PCI box's register as a reg_loc: a counter wider than 32 bits as two
 * dwords (S-47). */
static struct reg_loc pci_loc(const struct saved *s)
{
	return (struct reg_loc){ .space = SPACE_PCI, .fn = *s->fn, .off = (uint16_t)s->msr,
				 .bytes = s->tmpl->width > 32 ? 8 : 4 };
}

/* Read or write s through CPU cpu (an MSR) or its function (a PCI box's). */
static int reg_rd(const struct saved *s, unsigned cpu, uint64_t *v)
{
	struct reg_loc l;

	if (!s->fn)
		return msr_read(cpu, s->msr, v);
	l = pci_loc(s);
	return reg_loc_read(&l, v);
}

static int reg_wr(const struct saved *s, unsigned cpu, uint64_t v)
{
	struct reg_loc l;

	if (!s->fn)
		return msr_write(cpu, s->msr, v);
	l = pci_loc(s);
	return reg_loc_write(&l, v);
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
	unsigned n = topo_package_cores(plat_cpu(cpu)->package);
	unsigned m = box_count(bt, model);

	if (bt->scope == SCOPE_PCI)
		return 0;
	return bt == gen->per_core_box && n < m ? n : m;
}

/* Whether instance `box` of a probed box type answers on CPU cpu: its
 * first register that is not write-only reads without a fault (K-14,
 * OQ-K10); every instance of any other type does. */
static bool answers(const struct box_type *bt, unsigned box, unsigned cpu)
{
	unsigned ti;
	uint64_t v;

	if (!bt->probed)
		return true;
	for (ti = 0; ti < bt->nregs && bt->regs[ti].access == RA_WO; ti++)
		;
	return ti < bt->nregs && !msr_read(cpu, reg_msr(&bt->regs[ti], bt, box, 0), &v);
}

/* Visit every register instance CPU `cpu` stands for: the package's if it
 * is its package's agent, its own unless it is lost; registers with an
 * address only (not an addressless summary, OQ-X9). */
static void walk_cpu(unsigned cpu, uint32_t model, void (*fn)(struct saved *))
{
	unsigned b, ti, box, idx;

	for (b = 0; b < gen->nboxes; b++) {
		const struct box_type *bt = gen->boxes[b];

		if (bt->scope == SCOPE_PACKAGE ? package_agent(cpu) != (int)cpu : plat_cpu_lost(cpu))
			continue;
		for (ti = 0; ti < bt->nregs; ti++)
			for (box = 0; bt->regs[ti].role != ROLE_SUMMARY &&
			     box < instances(bt, cpu, model); box++)
				for (idx = 0; answers(bt, box, cpu) && idx < bt->regs[ti].count;
				     idx++) {
					struct saved s = {
						.tmpl = &bt->regs[ti], .box = bt,
						.box_idx = box, .idx = idx, .cpu = cpu,
						.msr = reg_msr(&bt->regs[ti], bt, box, idx),
					};

					fn(&s);
				}
	}
}

/* Visit every register of PCI box instance i the pre-flight found. */
static void walk_fn(unsigned i, void (*fn)(struct saved *))
{
	const struct box_type *bt = pci_fns[i].box;
	unsigned ti, idx;

	for (ti = 0; ti < bt->nregs; ti++)
		for (idx = 0; idx < bt->regs[ti].count; idx++) {
			struct saved s = {
				.tmpl = &bt->regs[ti], .box = bt, .box_idx = pci_fns[i].box_idx,
				.idx = idx, .msr = bt->regs[ti].addr + idx * bt->regs[ti].stride,
				.fn = &pci_fns[i].fn,
			};

			fn(&s);
		}
}

static void walk_pci(void (*fn)(struct saved *))
{
	unsigned i;

	for (i = 0; i < npci; i++)
		walk_fn(i, fn);
}

static void walk(void (*fn)(struct saved *))
{
	unsigned cpu, model = cpu_model();

	for (cpu = 0; cpu < plat_cpu_count(); cpu++)
		walk_cpu(cpu, model, fn);
	walk_pci(fn);
}

/* Whether function f holds PCI box instance `box` of bt: its vendor and
 * device id (S-48). */
static bool holds(struct pci_fn f, const struct box_type *bt, unsigned box)
{
	uint32_t id;

	return !pci_cfg_read(f, 0, 4, &id) && id == ((uint32_t)box_pci_id(bt, box) << 16 | 0x8086);
}

static struct pci_fn fn_of(unsigned bus, const struct box_type *bt, unsigned box)
{
	uint8_t df = box_pci_devfn(bt, box);

	return (struct pci_fn){ .bus = (uint8_t)bus, .dev = (uint8_t)(df >> 3),
			.fn = (uint8_t)(df & 7) };
}

/* Every PCI box instance of the generation on each bus of segment 0 whose
 * first one is there; a line says why none was looked for or found. */
static void find_pci(void)
{
	const struct box_type *first = NULL;
	unsigned b, bus, box;
	uint32_t id;
	int rc;

	npci = 0;
	for (b = 0; b < gen->nboxes && !first; b++)
		if (gen->boxes[b]->scope == SCOPE_PCI)
			first = gen->boxes[b];
	if (!first)
		return;
	rc = pci_cfg_read(fn_of(0, first, 0), 0, 4, &id);
	if (rc == PLAT_EUNSUPPORTED || rc == PLAT_EINVAL) {
		plat_log(0, "state: the PCI boxes are not saved: %s (pci: %s)", space_rc_text(rc),
			 plat_pci_mechanism());
		return;
	}
	for (bus = 0; bus < 256; bus++) {
		if (!holds(fn_of(bus, first, 0), first, 0))
			continue;
		for (b = 0; b < gen->nboxes; b++)
			for (box = 0; gen->boxes[b]->scope == SCOPE_PCI &&
			     box < gen->boxes[b]->nboxes; box++)
				if (npci < MAX_PCI_FNS && holds(fn_of(bus, gen->boxes[b], box),
								 gen->boxes[b], box))
					pci_fns[npci++] = (struct pci_found){
						.box = gen->boxes[b], .box_idx = box,
						.fn = fn_of(bus, gen->boxes[b], box) };
	}
	if (!npci)
		plat_log(1, "  preflight: no %s PCI box (8086:%04x at %02x.%u) on any bus of "
			 "segment 0: none saved", gen->name, box_pci_id(first, 0),
			 box_pci_devfn(first, 0) >> 3, box_pci_devfn(first, 0) & 7);
}

static void count_one(struct saved *s)
{
	need += s->tmpl->access != RA_WO;
}

/* inject=preflight-fail: the global controls of the last package read as if
 * they faulted, so the run has a register it could not save. */
static bool injected(const struct saved *s)
{
	return plat_config()->inject == INJECT_PREFLIGHT_FAIL &&
	       s->tmpl->role == ROLE_GLOBAL_CTL &&
	       plat_cpu(s->cpu)->package == plat_cpu(plat_cpu_count() - 1)->package;
}

static void save_one(struct saved *s)
{
	char name[48], w[24], a[12];
	int rc;

	if (s->tmpl->access == RA_WO)
		return;
	name_of(s, name, sizeof(name));
	who(s, s->cpu, w, sizeof(w));
	where(s, a, sizeof(a));
	if (nsaved == cap) { /* a CPU lost during the walk moved its package on */
		problem("more than the %u registers counted", cap);
		return;
	}
	rc = injected(s) ? VEC_GP : reg_rd(s, s->cpu, &s->val);
	if (rc && s->fn) {
		problem("%s: reading %s (%s): %s (%d)", w, name, a, space_rc_text(rc), rc);
		return;
	}
	if (rc) {
		problem("CPU %u: rdmsr 0x%x (%s) faulted (%d%s)", s->cpu, s->msr, name, rc,
			injected(s) ? ", injected: inject=preflight-fail" : "");
		return;
	}
	if (s->val)
		plat_log(1, "  preflight: %s %s (%s) = 0x%lx left by firmware", w, name, a,
			 (unsigned long)s->val);
	saved[nsaved++] = *s;
}

static enum verdict preflight(struct tctx *t)
{
	unsigned i, nonzero = 0;

	if (!gen)
		return t_skip(t, "no supported uncore");
	touched = true;
	restored = false;
	find_pci();
	need = 0;
	walk(count_one);
	if (need > cap) {
		saved = plat_alloc(need * sizeof(*saved));
		cap = saved ? need : 0;
		if (!saved)
			return t_error(t, "no memory for %u saved registers; the uncore will be "
				       "stopped at the end, not restored", need);
	}
	nsaved = 0;
	bad.n = 0;
	walk(save_one);
	for (i = 0; i < nsaved; i++)
		nonzero += saved[i].val != 0;
	t_figure(t, "registers_saved_count", nsaved, "count");
	t_figure(t, "nonzero_at_start_count", nonzero, "count");
	if (bad.n)
		return t_error(t, "%u register(s) not saved (first: %s); the uncore is stopped "
			       "now and they are left stopped at the end", bad.n, bad.first);
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

/* A global or counter control: 0 stops what it enables. */
static bool control(const struct saved *s)
{
	return (s->tmpl->role == ROLE_GLOBAL_CTL || s->tmpl->role == ROLE_CTL) && restorable(s);
}

/* Controls stop_one found non-zero. */
static unsigned running;

static void stop_one(struct saved *s)
{
	char name[48], w[24], a[12];
	uint64_t v;
	int rc;

	if (!control(s))
		return;
	running += !reg_rd(s, s->cpu, &v) && v;
	if (!(rc = reg_wr(s, s->cpu, 0)))
		return;
	name_of(s, name, sizeof(name));
	who(s, s->cpu, w, sizeof(w));
	where(s, a, sizeof(a));
	problem("%s: stopping %s (%s) faulted (%d)", w, name, a, rc);
}

unsigned state_stop(void)
{
	if (!gen || !touched)
		return 0;
	bad.n = running = 0;
	walk(stop_one);
	if (bad.n)
		plat_log(0, "state: stopping the uncore: %u write(s) faulted (first: %s)", bad.n,
			 bad.first);
	return running;
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

/* The CPU that reaches s now: the one it was saved on unless that is lost;
 * for a package-scoped register another CPU of the package. -1: none. */
static int agent_of(const struct saved *s)
{
	if (s->fn || !plat_cpu_lost(s->cpu)) /* a PCI box's: reached from here */
		return (int)s->cpu;
	return s->box->scope == SCOPE_PACKAGE ? package_agent(s->cpu) : -1;
}

/* Restore then verify the registers of one pass; returns how many. */
static unsigned put_back(enum pass pass)
{
	unsigned i, ok = 0;
	char name[48], w[24], a[12];

	for (i = 0; i < nsaved; i++) {
		struct saved *s = &saved[i];
		int cpu = agent_of(s), rc;
		uint64_t now;

		if (!restorable(s) || pass_of(s) != pass)
			continue;
		name_of(s, name, sizeof(name));
		if (cpu < 0) {
			problem("%s on CPU %u: lost", name, s->cpu);
			continue;
		}
		who(s, (unsigned)cpu, w, sizeof(w));
		where(s, a, sizeof(a));
		rc = reg_wr(s, (unsigned)cpu, s->val);
		if (!rc)
			rc = reg_rd(s, (unsigned)cpu, &now);
		if (rc)
			problem("%s: restoring %s (%s) faulted (%d)", w, name, a, rc);
		else if (now != s->val)
			problem("%s: %s (%s) reads 0x%lx after restoring 0x%lx", w, name, a,
				(unsigned long)now, (unsigned long)s->val);
		else
			ok++;
	}
	return ok;
}

/* BOX_CTL's freeze fields (frz, frz_en: S-11), 0 where it has none. */
static uint64_t freeze_value(const struct reg_tmpl *tm)
{
	const struct field *a = reg_field(tm, "frz"), *b = reg_field(tm, "frz_en");

	return a && b ? field_mask(a) | field_mask(b) : 0;
}

/* Every box control (write-only, never saved: S-11, OQ-S02) of the state,
 * written its freeze value, then its reset value (unfrozen; what it held
 * before the run cannot be read back). */
static void box_ctl(struct saved *s, uint64_t v)
{
	char w[24], a[12];
	int rc;

	if (s->tmpl->role != ROLE_BOX_CTL || !(rc = reg_wr(s, s->cpu, v)))
		return;
	who(s, s->cpu, w, sizeof(w));
	where(s, a, sizeof(a));
	problem("%s: box control %s faulted (%d)", w, a, rc);
}

static void freeze_one(struct saved *s) { box_ctl(s, freeze_value(s->tmpl)); }
static void unfreeze_one(struct saved *s) { box_ctl(s, s->tmpl->reset); }

/* One line per lost CPU whose registers no other CPU reaches. */
static void say_lost(void)
{
	unsigned cpu, i;

	for (cpu = 0; cpu < plat_cpu_count(); cpu++)
		for (i = 0; i < nsaved && plat_cpu_lost(cpu); i++)
			if (saved[i].cpu == cpu && agent_of(&saved[i]) < 0) {
				plat_log(0, "state: uncore registers could not be restored on CPU %u "
					 "(APIC id %u): lost", cpu, plat_cpu(cpu)->apic_id);
				break;
			}
}

static enum verdict restore(struct tctx *t)
{
	unsigned ok;
	char more[96] = "";

	if (!gen)
		return t_skip(t, "no supported uncore");
	restored = true;
	bad.n = 0;
	/* Stop everything first, so restored counters hold still, then
	 * freeze the boxes. */
	walk(stop_one);
	walk(freeze_one);
	ok = put_back(P_COUNTERS) + put_back(P_CONTROLS);
	walk(unfreeze_one);
	ok += put_back(P_GLOBAL);
	say_lost();
	t_figure(t, "registers_restored_count", ok, "count");
	if (need > nsaved && touched)
		snprintf(more, sizeof(more), "%u register(s) never saved (uncore.state.preflight): "
			 "left stopped", need - nsaved);
	if (bad.n)
		return t_error(t, "%u problem(s) restoring the uncore (first: %s)%s%s", bad.n,
			       bad.first, more[0] ? "; " : "", more);
	if (more[0])
		return t_error(t, "%s", more);
	return V_PASS;
}

/* check_one's verdict on the package or PCI function being read. */
static bool package_as_found;

/* What the run found in s (its saved entry), or NULL: not saved. */
static const struct saved *found_entry(const struct saved *s)
{
	unsigned i;

	for (i = 0; i < nsaved; i++)
		if (saved[i].msr == s->msr && saved[i].fn == s->fn &&
		    (s->fn || plat_cpu(saved[i].cpu)->package == plat_cpu(s->cpu)->package))
			return &saved[i];
	return NULL;
}

static void check_one(struct saved *s)
{
	const struct saved *f;
	uint64_t now;
	char name[48], w[32], a[12];
	int rc;

	if ((s->box->scope != SCOPE_PACKAGE && !s->fn) || !control(s))
		return;
	f = found_entry(s);
	rc = reg_rd(s, s->cpu, &now);
	if (!rc && f && now == f->val)
		return;
	package_as_found = false;
	name_of(s, name, sizeof(name));
	where(s, a, sizeof(a));
	if (s->fn) {
		memcpy(w, "PCI ", 4);
		who(s, 0, w + 4, sizeof(w) - 4);
	} else {
		snprintf(w, sizeof(w), "package %u", plat_cpu(s->cpu)->package);
	}
	if (rc && s->fn)
		plat_log(0, "state: %s: reading %s (%s): %s (%d)", w, name, a, space_rc_text(rc),
			 rc);
	else if (rc)
		plat_log(0, "state: %s: reading %s (%s) on CPU %u faulted (%d)", w, name, a, s->cpu,
			 rc);
	else if (!f)
		plat_log(0, "state: %s: %s (%s) reads 0x%lx; never saved, so not restored", w, name,
			 a, (unsigned long)now);
	else
		plat_log(0, "state: %s: %s (%s) reads 0x%lx, found 0x%lx", w, name, a,
			 (unsigned long)now, (unsigned long)f->val);
}

/* The controls of each PCI box instance found, as check_one reads a
 * package's: how many instances read as found. */
static unsigned check_pci(void)
{
	unsigned i, ok = 0;

	for (i = 0; i < npci; i++) {
		package_as_found = true;
		walk_fn(i, check_one);
		ok += package_as_found;
	}
	return ok;
}

bool package_first(unsigned cpu)
{
	unsigned i;

	for (i = 0; i < cpu; i++)
		if (plat_cpu(i)->package == plat_cpu(cpu)->package)
			return false;
	return true;
}

bool state_check(unsigned *as_found, unsigned *packages, unsigned *pci_as_found,
		 unsigned *pci_boxes)
{
	unsigned cpu, model;
	int agent;

	*as_found = *packages = *pci_as_found = *pci_boxes = 0;
	if (!gen || !touched)
		return false;
	*pci_boxes = npci;
	*pci_as_found = check_pci();
	model = cpu_model();
	for (cpu = 0; cpu < plat_cpu_count(); cpu++) {
		if (!package_first(cpu))
			continue;
		++*packages;
		agent = package_agent(cpu);
		if (agent < 0) {
			plat_log(0, "state: the uncore of package %u could not be restored: every CPU "
				 "of it is lost", plat_cpu(cpu)->package);
			continue;
		}
		package_as_found = true;
		walk_cpu((unsigned)agent, model, check_one);
		*as_found += package_as_found;
	}
	return true;
}

const struct test state_preflight = {
	.id = "uncore.state.preflight",
	.desc = "save every uncore register before the tests; print what firmware left non-zero",
	.needs = NEED_UNCORE,
	.run = preflight,
};

const struct test state_restore = {
	.id = "uncore.state.restore",
	.desc = "write the saved uncore state back and verify it by read-back",
	.needs = NEED_UNCORE,
	.run = restore,
};
