/* make regs: every register the harness knows, all uncore generations and
 * the architectural core PMU, as CSV (no argument):
 * generation,box,register,space,address,width,access,fields
 * (space: msr, pci or mmio; width: a counter's counting width in bits,
 * otherwise the register size; a register two sets share, like
 * IA32_PERF_GLOBAL_STATUS in an uncore's PMI path and in the core PMU, is
 * listed under each; address: the MSR, pci:DEVICE_ID:DD.F+OFFSET for a
 * PCI-config box's register, on its socket's uncore bus, or
 * mmio:BAR@00.0+CFG+OFFSET for a register in memory behind a BAR of the
 * host bridge (its name, its configuration offset in 0:0.0, the
 * register's offset from it: the memory controllers behind MCHBAR, layout
 * F's units behind SAFBAR, uncore_gen.mmio); fields: "name
 * hi:lo ACCESS" for each field, separated by "; ", empty where the table
 * gives none). A discovery generation (spr ... cwf, disc) has no
 * register table: its lines are the units of its emulated part's
 * discovery table, one package, as the disc.* suite finds and corrects
 * them (box "type T box B"; MSR, PCI and MMIO units, the space column
 * saying which), after its global control and status (box "global");
 * Panther Lake (ptl) has both, its MSR units' table first.
 * The registry and the defect lists for the scripts, one line each:
 *   --defects   "NAME GENS RUN" per defect, in global order: GENS the registry
 *               rows whose model's list it is, comma-separated (snb,skl for
 *               the client uncore; core: the core PMU's), RUN the name of
 *               its kind (pmu/emu/faults.h, EMU_RUNS);
 *   --mutation  "ROW MODEL CPUS TESTS QEMU_CPU DEFECT..." per `make
 *               mutation` row (pmu/emu/mutation.c): each generation's (its
 *               suite, core.* beside it where the row says so) and each
 *               core shape's of its own (core.* alone), with the defects
 *               the row runs.
 *   --constraints  every event rule of every generation's box types
 *               (struct event_rule, pmu/regs/regs.h), as CSV:
 *               generation,box,event,umask,counters,max_inc,flags,spec
 *               (umask: "any", or the value and mask as 0xUU/0xMM;
 *               counters: the counter numbers that may count it, "none"
 *               where none may; max_inc: 0 where no source gives it;
 *               flags: throttle_only or empty).
 * And the generated tables of the docs (make docs), in Markdown:
 *   --docs-defects  docs/defects.md's: a row per defect, what it breaks
 *                   and, unless every row of its family runs it, which rows
 *                   do (or why none can);
 *   --docs-gens     docs/design.md's: a row per generation of the registry.
 * Exit status 2, naming the row, on a mutation row that names neither a
 * generation with a suite and a model nor a core shape, a HOST defect
 * without its reason (or a reason for a defect that is not HOST), or a
 * model binding (pmu/emu/models.c) that names no generation. */
#include <stdio.h>
#include <stdlib.h>
#include "pmu/disc/find.h"
#include "pmu/emu/core/model.h"
#include "pmu/emu/disc/model.h"
#include "pmu/emu/models.h"
#include "pmu/emu/mutation.h"
#include "pmu/registry.h"

static const char *const access_names[] = { "RW", "RO", "WO" };
static const char *const field_access_names[] = { "RW", "RO", "WO", "W1C", "W1A" };

static void print_fields(const struct reg_tmpl *t)
{
	const struct field *f;

	for (f = t->fields; f && f->name; f++)
		printf("%s%s %u:%u %s", f == t->fields ? "" : "; ", f->name, f->hi, f->lo,
		       field_access_names[f->access]);
}

/* One line: register r, at addr in space. */
static void print_reg(const struct reg_ref *r, const char *space, const char *addr)
{
	char name[64];

	reg_name(r, name, sizeof(name));
	printf("%s,%s,%s,%s,%s,%u,%s,", r->gen->name, r->box->name, name, space, addr,
	       r->tmpl->width, access_names[r->tmpl->access]);
	print_fields(r->tmpl);
	printf("\n");
}

static void print_set(const struct uncore_gen *gen)
{
	unsigned b, t, box, idx;

	for (b = 0; b < gen->nboxes; b++) {
		const struct box_type *bt = gen->boxes[b];

		for (box = 0; box < bt->nboxes; box++)
			for (t = 0; t < bt->nregs; t++)
				for (idx = 0; idx < bt->regs[t].count; idx++) {
					struct reg_ref r = {
						.gen = gen, .box = bt, .tmpl = &bt->regs[t],
						.box_idx = box, .idx = idx,
						.msr = reg_msr(&bt->regs[t], bt, box, idx),
					};
					char addr[32];

					reg_addr(&r, addr, sizeof(addr));
					print_reg(&r, bt->scope == SCOPE_PCI ? "pci" : "msr", addr);
				}
	}
}

/* Its box types behind host-bridge BARs (uncore_gen.mmio): address
 * "mmio:BAR@00.0+0xCFG+0xOFFSET", the BAR by name and configuration offset
 * in the host bridge, then the register's offset from the BAR. */
static void print_mmio(const struct uncore_gen *gen)
{
	unsigned m, t, box, idx;

	for (m = 0; m < gen->nmmio; m++) {
		const struct mmio_box *mb = &gen->mmio[m];
		const struct box_type *bt = mb->box;

		for (box = 0; box < bt->nboxes; box++)
			for (t = 0; t < bt->nregs; t++)
				for (idx = 0; idx < bt->regs[t].count; idx++) {
					const struct reg_tmpl *rt = &bt->regs[t];
					struct reg_ref r = { .gen = gen, .box = bt, .tmpl = rt,
							     .box_idx = box, .idx = idx };
					int64_t off = (int64_t)rt->addr + (int64_t)rt->stride * idx +
						      (int64_t)mb->step * box;
					char addr[64];

					snprintf(addr, sizeof(addr), "mmio:%s@00.0+0x%X+0x%llX", mb->bar,
						 mb->cfg_off, (unsigned long long)off);
					print_reg(&r, "mmio", addr);
				}
	}
}

/* A discovery generation (no register table: its units are what the
 * machine's discovery table lists, docs/spec/xeon-discovery.md): the
 * units of its emulated part, one package, as the suite finds them
 * (pmu/disc/: parsed, then corrected for the generation's first CPU
 * model), each unit's registers a line; box "type T box B"; before them
 * the global control and status registers, box "global". */
static struct disc_emu *part;
static void fail(const char *what, const char *name);

static int part_pci(void *ctx, struct pci_fn f, uint16_t off, uint32_t *val)
{
	(void)ctx;
	if (f.seg)
		return PLAT_EUNSUPPORTED;
	if (f.bus != disc_emu_bus(0, 1) || disc_emu_pci_read(part, f.dev, f.fn, off, 4, 0, val))
		return *val = ~0u, PLAT_EABORT;
	return 0;
}

static int part_msr(void *ctx, unsigned cpu, uint32_t msr, uint64_t *val)
{
	(void)ctx, (void)cpu;
	return disc_emu_rdmsr(part, msr, 0, val);
}

static int part_mem(void *ctx, uint64_t phys, uint64_t *val)
{
	(void)ctx;
	return disc_emu_mmio(part, phys, 8, false, val, 0) ? PLAT_ERANGE : 0;
}

static void print_disc(const struct uncore_gen *gen)
{
	static const char *const kinds[] = { "unit control", "unit status", "counter control",
					     "counter" };
	static struct disc_pci_fn fns[256];
	static struct disc_unit units[DISC_MAX_UNITS];
	const struct disc_io io = { .pci_read32 = part_pci, .rdmsr = part_msr, .read64 = part_mem };
	struct disc_pci_list l = { .e = fns, .cap = ARRAY_SIZE(fns) };
	struct disc_table t = { .units = units, .cap = DISC_MAX_UNITS };
	uint32_t model = gen->nmodels ? gen->models[0] : 0;
	struct disc_found d;

	if (!part && !(part = malloc(sizeof(*part))))
		fail("no memory for the emulated part of", gen->name);
	/* the part ops.c would choose for the model: its init */
	disc_model.init(part, 0, 1, model, 0, 0);
	disc_emu_place(part, 0, 1);
	disc_emu_wrmsr(part, DISC_EMU_GLOBAL_CTL, 0, 0);
	disc_pci_scan(&io, &l);
	if ((!disc_find_msr(&io, 0, &d) && disc_find_pci(&io, &l, &d, 1) != 1) ||
	    disc_parse(&t, d.base, part_mem, NULL) != DISC_OK)
		fail("the emulated part's table cannot be read", gen->name);
	disc_fix_apply(&io, &l, model, 0, 0, &t);
	/* the global control (D-36, L-135) and the status registers after
	 * it (D-37, L-137), in the global entry's access type */
	for (unsigned k = 0; k <= t.global.nstatus; k++) {
		struct disc_unit g = { .access = t.global.access, .ctl = t.global.ctl, .ctl_step = 1 };
		struct reg_loc c = disc_reg(&g, DISC_UNIT_CTL, 0, 0);
		char name[32], addr[40];

		/* status k - 1: 8 bytes (MMIO) or one MSR (OQ-D12) apart */
		if (k) {
			c.phys += t.global.status_off + 8ull * (k - 1);
			c.msr += t.global.status_off + k - 1;
			snprintf(name, sizeof(name), "global status %u", k - 1);
		} else {
			snprintf(name, sizeof(name), "global control");
		}
		if (c.space == SPACE_MSR)
			snprintf(addr, sizeof(addr), "0x%X", c.msr);
		else
			snprintf(addr, sizeof(addr), "0x%llX", (unsigned long long)c.phys);
		printf("%s,global,%s,%s,%s,%u,%s,\n", gen->name, name,
		       c.space == SPACE_MSR ? "msr" : "mmio", addr, k ? 64u : 8u * c.bytes,
		       k ? "W1C" : "RW");
	}
	for (unsigned i = 0; i < t.nunits; i++) {
		const struct disc_unit *u = &t.units[i];

		for (unsigned k = DISC_UNIT_CTL; k <= DISC_CTR; k++)
			for (unsigned r = 0; r < (k < DISC_CTR_CTL ? 1u : u->nregs); r++) {
				struct reg_loc c = disc_reg(u, (enum disc_reg)k, r, 0);
				char name[32], addr[40];

				if (k == DISC_UNIT_STATUS && !u->status_off)
					continue; /* OQ-D14 */
				snprintf(name, sizeof(name), k < DISC_CTR_CTL ? "%s" : "%s %u", kinds[k], r);
				if (c.space == SPACE_MSR)
					snprintf(addr, sizeof(addr), "0x%X", c.msr);
				else if (c.space == SPACE_PCI)
					snprintf(addr, sizeof(addr), "pci:%02x:%02x.%u+0x%X", c.fn.bus,
						 c.fn.dev, c.fn.fn, c.off);
				else
					snprintf(addr, sizeof(addr), "0x%llX", (unsigned long long)c.phys);
				printf("%s,type %u box %u,%s,%s,%s,%u,%s,\n", gen->name, u->type, u->id,
				       name, c.space == SPACE_MSR ? "msr" : c.space == SPACE_PCI ? "pci" : "mmio",
				       addr, k == DISC_CTR ? u->width : 8u * c.bytes,
				       k == DISC_UNIT_STATUS ? "W1C" : "RW");
			}
	}
}

/* The names the scripts know the run kinds by, indexed by kind. */
static const char *const run_names[] = {
#define RUN_NAME_(kind, name) [EMU_RUN_##kind] = name,
	EMU_RUNS(RUN_NAME_)
#undef RUN_NAME_
};
_Static_assert(ARRAY_SIZE(run_names) == EMU_RUN_COUNT, "a name per run kind");

static void fail(const char *what, const char *name)
{
	fprintf(stderr, "regs: %s: %s\n", what, name);
	exit(2);
}

/* Whether a binding's model switches the defects of family fam: its own
 * (emu_binding.defects), its MMIO model's (emu_mmio_model.defects, the
 * memory controllers' on layouts D to F) or its PCI model's own
 * (emu_pci_model.defects, Panther Lake's discovery table). */
static bool switches(const struct emu_binding *b, unsigned fam)
{
	return b && (b->defects == fam || (b->model->mmio && b->model->mmio->defects == fam) ||
		     (b->model->pci && b->model->pci->own_family && b->model->pci->defects == fam));
}

/* Every registry row whose model has family fam, comma-separated (the
 * client family is snb's, skl's, ...); core or none otherwise. */
static void print_gens(unsigned fam)
{
	unsigned g, n = 0;

	for (g = 0; g < uncore_gens_count; g++) {
		const struct emu_binding *b = emu_binding_for(uncore_gens[g].name);

		if (switches(b, fam))
			printf("%s%s", n++ ? "," : "", uncore_gens[g].name);
	}
	if (!n)
		printf("%s", fam == EMU_FAM_CORE ? "core" : "none");
}

static void print_defects(void)
{
	unsigned b;

	for (b = 0; b < EMU_FAULT_COUNT; b++) {
		printf("%s ", emu_defects[b].name);
		print_gens(emu_defects[b].gen);
		printf(" %s\n", run_names[emu_defects[b].run]);
	}
}

/* Whether a core PMU defect of run class `run` can show on core row r. */
static bool shows_on(unsigned run, const struct core_row *r)
{
	const struct core_shape *shape = r->shape;

	return run == EMU_RUN_MUT || (run == EMU_RUN_NOFW && !core_shape_fw_write(shape)) ||
	       (run == EMU_RUN_V4 && shape->version >= 4) ||
	       (run == EMU_RUN_V5 && shape->version >= 5) || (run == EMU_RUN_HYBRID && r->ecore) ||
	       (run == EMU_RUN_V6 && shape->version >= 6);
}

/* A mutation row resolved: the tests it runs, its generation's binding
 * (NULL: a core shape's row) and, where core.* runs, the core shape whose
 * defects can show. */
struct row {
	const struct mutation_row *m;
	char tests[64];
	const struct emu_binding *b;
	const struct core_row *core;
};

static const struct core_row *core_row_by_name(const char *name)
{
	unsigned i;

	for (i = 0; i < core_rows_count; i++)
		if (!strcmp(core_rows[i].name, name))
			return &core_rows[i];
	return NULL;
}

/* A generation's test globs, suite then each word of suite_also ("disc.*",
 * "mtl.*", "imc.*"), fmt-wrapped and joined by sep, into out. */
static void suite_globs(const struct uncore_gen *g, const char *fmt, const char *sep, char *out,
			size_t len)
{
	const char *w = g->suite_also;
	size_t n = (size_t)snprintf(out, len, fmt, (int)strlen(g->suite), g->suite), k;

	for (; w && *w && n < len; w += k + (w[k] == ' ')) {
		for (k = 0; w[k] && w[k] != ' '; k++)
			;
		n += (size_t)snprintf(out + n, len - n, "%s", sep);
		if (n < len)
			n += (size_t)snprintf(out + n, len - n, fmt, (int)k, w);
	}
}

static struct row resolve(const struct mutation_row *m)
{
	const struct uncore_gen *g = uncore_gen_by_name(m->name);
	const struct emu_binding *b = g ? emu_binding_for(g->name) : NULL;
	struct row r = { .m = m };

	if (g) {
		if (!g->suite || !b)
			fail("a mutation row's generation has no suite or no model", m->name);
		suite_globs(g, "%.*s.*", ",", r.tests, sizeof(r.tests));
		if (m->core)
			strncat(r.tests, ",core.*", sizeof(r.tests) - strlen(r.tests) - 1);
		r.b = b;
		r.core = m->core ? core_row_for_model(6, m->model) : NULL;
	} else if ((r.core = core_row_by_name(m->name))) {
		snprintf(r.tests, sizeof(r.tests), "core.*");
	} else {
		fail("a mutation row names neither a generation nor a core shape", m->name);
	}
	return r;
}

/* Whether name is one of names (NULL-terminated). */
static bool listed(const char *const *names, const char *name)
{
	for (; *names; names++)
		if (!strcmp(*names, name))
			return true;
	return false;
}

/* Whether row r runs defect d: the MUT defects (or, of its generation's
 * family, those of its only list) and the kinds the row lists of every
 * family its generation's model switches, and, where core.* runs, the
 * core PMU's that can show on its shape. */
static bool runs(const struct row *r, const struct emu_defect *d)
{
	if (switches(r->b, d->gen) && r->m->only && d->gen == r->b->defects)
		return (r->m->runs >> d->run & 1) || listed(r->m->only, d->name);
	if (switches(r->b, d->gen) && (d->run == EMU_RUN_MUT || (r->m->runs >> d->run & 1)))
		return true;
	return r->core && d->gen == EMU_FAM_CORE && shows_on(d->run, r->core);
}

static void print_mutation(void)
{
	unsigned i, b;

	for (i = 0; i < mutation_rows_count; i++) {
		struct row r = resolve(&mutation_rows[i]);

		printf("%s 0x%x %u %s %s", r.m->name, r.m->model, r.m->cpus, r.tests, r.m->qemu_cpu);
		for (b = 0; b < EMU_FAULT_COUNT; b++)
			if (runs(&r, &emu_defects[b]))
				printf(" %s", emu_defects[b].name);
		printf("\n");
	}
}

static const char *host_only_why(const char *defect)
{
	unsigned i;

	for (i = 0; i < mutation_host_only_count; i++)
		if (!strcmp(mutation_host_only[i].defect, defect))
			return mutation_host_only[i].why;
	return NULL;
}

/* docs/defects.md's table. A defect's note: none when every row that runs
 * its family's defects runs it; "rows ... only" and why when some do; "host
 * tests only" and why when none does. */
static void print_docs_defects(void)
{
	unsigned b, i, n;

	for (i = 0; i < mutation_host_only_count; i++) {
		const char *name = mutation_host_only[i].defect;

		for (b = 0; b < EMU_FAULT_COUNT && strcmp(emu_defects[b].name, name); b++)
			;
		if (b == EMU_FAULT_COUNT || emu_defects[b].run != EMU_RUN_HOST)
			fail("a host-only reason for a defect that is not HOST", name);
	}
	printf("| defect | breaks |\n|---|---|\n");
	for (b = 0; b < EMU_FAULT_COUNT; b++) {
		const struct emu_defect *d = &emu_defects[b];
		const char *sel[16];
		unsigned family_rows = 0, nsel = 0;

		for (i = 0; i < mutation_rows_count; i++) {
			struct row r = resolve(&mutation_rows[i]);
			struct emu_defect mut = *d;

			mut.run = EMU_RUN_MUT;
			family_rows += runs(&r, &mut);
			if (runs(&r, d) && nsel < ARRAY_SIZE(sel))
				sel[nsel++] = r.m->name;
		}
		printf("| `%s` | %s", d->name, d->desc);
		if (!nsel) {
			if (!host_only_why(d->name))
				fail("a defect no mutation row runs has no reason (pmu/emu/mutation.c)",
				     d->name);
			printf("; *host tests only: %s*", host_only_why(d->name));
		} else if (nsel < family_rows) {
			printf("; *row%s", nsel > 1 ? "s" : "");
			for (n = 0; n < nsel; n++)
				printf("%s`%s`", !n ? " " : n + 1 < nsel ? ", " : " and ", sel[n]);
			printf(" only");
			if (mutation_run_why[d->run])
				printf(": %s", mutation_run_why[d->run]);
			printf("*");
		}
		printf(" |\n");
	}
}

/* docs/design.md's generation table. */
static void print_docs_gens(void)
{
	unsigned g, i;

	for (i = 0; i < emu_bindings_count; i++)
		if (!uncore_gen_by_name(emu_bindings[i].gen))
			fail("a model binding names no generation of the registry", emu_bindings[i].gen);
	printf("| generation | uncore | CPUs (family 6 models) | emulated | tests |\n"
	       "|---|---|---|---|---|\n");
	for (g = 0; g < uncore_gens_count; g++) {
		const struct uncore_gen *u = &uncore_gens[g];

		printf("| `%s` | %s | ", u->name, u->desc);
		for (i = 0; i < u->nmodels; i++)
			printf("%s0x%02X", i ? ", " : "", u->models[i]);
		if (u->min_stepping)
			printf(" from stepping %u", u->min_stepping);
		printf(" | %s | ", emu_binding_for(u->name) ? "yes" : "no");
		if (u->suite) {
			char globs[96];

			suite_globs(u, "`%.*s.*`", ", ", globs, sizeof(globs));
			printf("%s |\n", globs);
		} else
			printf("none yet |\n");
	}
}

static void print_counters(uint16_t c)
{
	unsigned i;
	bool first = true;

	if (!c)
		printf("none");
	for (i = 0; i < 16; i++)
		if (c >> i & 1) {
			printf("%s%u", first ? "" : " ", i);
			first = false;
		}
}

static void print_constraints(void)
{
	unsigned g, b;
	const struct event_rule *r;

	printf("generation,box,event,umask,counters,max_inc,flags,spec\n");
	for (g = 0; g < uncore_gens_count; g++)
		for (b = 0; b < uncore_gens[g].nboxes; b++) {
			const struct box_type *bt = uncore_gens[g].boxes[b];

			for (r = bt->events; r && r->spec; r++) {
				printf("%s,%s,0x%02X,", uncore_gens[g].name, bt->name, r->event);
				if (r->umask_mask)
					printf("0x%02X/0x%02X,", r->umask, r->umask_mask);
				else
					printf("any,");
				print_counters(r->counters);
				printf(",%u,%s,%s\n", r->max_inc, r->throttle_only ? "throttle_only" : "",
				       r->spec);
			}
		}
}

int main(int argc, char **argv)
{
	unsigned g;

	if (argc == 2 && !strcmp(argv[1], "--defects")) {
		print_defects();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--mutation")) {
		print_mutation();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--docs-defects")) {
		print_docs_defects();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--constraints")) {
		print_constraints();
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "--docs-gens")) {
		print_docs_gens();
		return 0;
	}
	if (argc > 1) {
		fprintf(stderr, "usage: %s [--defects | --mutation | --constraints | --docs-defects | "
			"--docs-gens]\n",
			argv[0]);
		return 2;
	}
	printf("generation,box,register,space,address,width,access,fields\n");
	for (g = 0; g < uncore_gens_count; g++) {
		const struct emu_binding *b = emu_binding_for(uncore_gens[g].name);

		print_set(&uncore_gens[g]);
		print_mmio(&uncore_gens[g]);
		/* a discovery part's, or Panther Lake's beside its MSR units */
		if (b && (b->model == &disc_model ||
			  (b->model->pci && b->model->pci->own_family &&
			   b->model->pci->defects == EMU_FAM_DISC)))
			print_disc(&uncore_gens[g]);
	}
	print_set(&core_pmu_regs);
	return 0;
}
