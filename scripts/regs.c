/* make regs: every register the harness knows, all uncore generations and
 * the architectural core PMU, as CSV:
 * generation,box,register,address,width,access
 * (width: a counter's counting width in bits, otherwise the register size;
 * a register two sets share, like IA32_PERF_GLOBAL_STATUS in an uncore's PMI
 * path and in the core PMU, is listed under each; address: the MSR, or
 * pci:DEVICE:OFFSET for a PCI-config box's register). */
#include <stdio.h>
#include "../pmu/regs.h"

static const char *const access_names[] = { "RW", "RO", "WO" };

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
					printf("%s,%s,%s,%s,%u,%s\n", gen->name, bt->name, name, addr,
					       bt->regs[t].width, access_names[bt->regs[t].access]);
				}
	}
}

int main(void)
{
	unsigned g;

	printf("generation,box,register,address,width,access\n");
	for (g = 0; g < uncore_gens_count; g++)
		print_set(&uncore_gens[g]);
	print_set(&core_pmu_regs);
	return 0;
}
