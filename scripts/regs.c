/* make regs: every register the harness knows, all uncore generations and
 * the architectural core PMU, as CSV (no argument):
 * generation,box,register,space,address,width,access,fields
 * (space: msr, pci or mmio; width: a counter's counting width in bits,
 * otherwise the register size; a register two sets share, like
 * IA32_PERF_GLOBAL_STATUS in an uncore's PMI path and in the core PMU, is
 * listed under each; address: the MSR, or pci:DEVICE_ID:DD.F+OFFSET for a
 * PCI-config box's register, on its socket's uncore bus; fields: "name
 * hi:lo ACCESS" for each field, separated by "; ", empty where the table
 * gives none). No generation of the registry has MMIO registers yet (the
 * first, Ice Lake-SP's memory controller, is not in it): the space column
 * is there for them.
 * The registry and the defect lists for the scripts, one line each:
 *   --defects   "NAME GENS RUN" per defect, in global order: GENS the registry
 *               rows whose model's list it is, comma-separated (snb,skl for
 *               the client uncore; core: the core PMU's), RUN mutation,
 *               nofw, host or v4 (pmu/emu/faults.h, enum emu_defect_run);
 *   --mutation  "ROW MODEL CPUS TESTS QEMU_CPU DEFECT..." per `make
 *               mutation` row: each generation's (its suite, core.* beside
 *               it where the row says so) and each core shape's of its own
 *               (core.* alone), with the defects the row runs. */
#include <stdio.h>
#include "pmu/emu/core/model.h"
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

static void print_set(const struct uncore_gen *gen)
{
	unsigned b, t, box, idx;

	for (b = 0; b < gen->nboxes; b++) {
		const struct box_type *bt = gen->boxes[b];

		for (box = 0; box < bt->nboxes; box++)
			for (t = 0; t < bt->nregs; t++)
				for (idx = 0; idx < bt->regs[t].count; idx++) {
					struct reg_ref r = { gen, bt, &bt->regs[t], box, idx,
							     reg_msr(&bt->regs[t], bt, box, idx) };
					char name[64], addr[32];

					reg_name(&r, name, sizeof(name));
					reg_addr(&r, addr, sizeof(addr));
					printf("%s,%s,%s,%s,%s,%u,%s,", gen->name, bt->name, name,
					       bt->scope == SCOPE_PCI ? "pci" : "msr", addr,
					       bt->regs[t].width, access_names[bt->regs[t].access]);
					print_fields(&bt->regs[t]);
					printf("\n");
				}
	}
}

/* Every registry row whose model has family fam, comma-separated (the
 * client family is both snb's and skl's); core or none otherwise. */
static void print_gens(unsigned fam)
{
	unsigned g, n = 0;

	for (g = 0; g < uncore_gens_count; g++)
		if (uncore_gens[g].defects == fam)
			printf("%s%s", n++ ? "," : "", uncore_gens[g].name);
	if (!n)
		printf("%s", fam == EMU_FAM_CORE ? "core" : "none");
}

static void print_defects(void)
{
	static const char *const runs[] = { "mutation", "nofw", "host", "v4", "v5", "hybrid", "icl",
					    "adl", "cd", "gates" };
	unsigned b;

	for (b = 0; b < EMU_FAULT_COUNT; b++) {
		printf("%s ", emu_defects[b].name);
		print_gens(emu_defects[b].gen);
		printf(" %s\n", runs[emu_defects[b].run]);
	}
}

/* Whether a core PMU defect of run class `run` can show on core row r. */
static bool shows_on(unsigned run, const struct core_row *r)
{
	const struct core_shape *shape = r->shape;

	return run == EMU_RUN_MUT || (run == EMU_RUN_NOFW && !core_shape_fw_write(shape)) ||
	       (run == EMU_RUN_V4 && shape->version >= 4) ||
	       (run == EMU_RUN_V5 && shape->version >= 5) || (run == EMU_RUN_HYBRID && r->ecore);
}

/* A row: its generation's defects (fam; EMU_FAM_COUNT: none), MUT and the
 * kinds in runs, and, where core.* runs (core), the core PMU's that can
 * show on its shapes. */
static void print_row(const char *name, unsigned model, unsigned cpus, const char *tests,
		      const char *qemu, unsigned fam, unsigned runs, const struct core_row *core)
{
	unsigned b;

	printf("%s 0x%x %u %s %s", name, model, cpus, tests, qemu);
	for (b = 0; b < EMU_FAULT_COUNT; b++) {
		const struct emu_defect *d = &emu_defects[b];
		bool shows = core && d->gen == EMU_FAM_CORE && shows_on(d->run, core);

		if ((d->gen == fam && (d->run == EMU_RUN_MUT || (runs >> d->run & 1))) || shows)
			printf(" %s", d->name);
	}
	printf("\n");
}

static void print_mutation(void)
{
	unsigned i;
	char tests[64];

	for (i = 0; i < uncore_gens_count; i++) {
		const struct uncore_gen *g = &uncore_gens[i];

		if (!g->suite || !g->emu || !g->mutation.cpus)
			continue;
		snprintf(tests, sizeof(tests), "%s.*%s", g->suite, g->mutation.core ? ",core.*" : "");
		print_row(g->name, g->mutation.model, g->mutation.cpus, tests, g->mutation.qemu_cpu,
			  g->defects, g->mutation.runs,
			  g->mutation.core ? core_row_for_model(6, g->mutation.model) : NULL);
	}
	for (i = 0; i < core_rows_count; i++)
		if (core_rows[i].mutation.cpus)
			print_row(core_rows[i].name, core_rows[i].mutation.model,
				  core_rows[i].mutation.cpus, "core.*", core_rows[i].mutation.qemu_cpu,
				  EMU_FAM_COUNT, 0, &core_rows[i]);
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
	if (argc > 1) {
		fprintf(stderr, "usage: %s [--defects | --mutation]\n", argv[0]);
		return 2;
	}
	printf("generation,box,register,space,address,width,access,fields\n");
	for (g = 0; g < uncore_gens_count; g++)
		print_set(&uncore_gens[g]);
	print_set(&core_pmu_regs);
	return 0;
}
