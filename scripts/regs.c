/* make regs: every register the harness knows, all generations, as CSV:
 * generation,box,register,address,width,access
 * (width: a counter's counting width in bits, otherwise the register size;
 * address: the MSR, or pci:DEVICE:OFFSET for a PCI-config box's register). */
#include <stdio.h>
#include "../pmu/regs.h"

static const char *const access_names[] = { "RW", "RO", "WO" };

int main(void)
{
	unsigned g, b, t, box, idx;

	printf("generation,box,register,address,width,access\n");
	for (g = 0; g < uncore_gens_count; g++) {
		const struct uncore_gen *gen = uncore_gens[g];

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
						printf("%s,%s,%s,%s,%u,%s\n", gen->name, bt->name, name,
						       addr, bt->regs[t].width,
						       access_names[bt->regs[t].access]);
					}
		}
	}
	return 0;
}
