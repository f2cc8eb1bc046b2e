/* The emulated PMUs' queues of PMI requests: each model queues what its
 * overflows ask for and the emulated backend takes them, oldest first
 * (pmu/backend/emu.c). Portable: no <efi.h>. */
#ifndef PMU_EMU_PMI_FIFO_H
#define PMU_EMU_PMI_FIFO_H

#include "lib/rt.h"

/* A PMI request of a package's uncore: the cycle of the wrap and the cores
 * it goes to, bit k for the package's core k (N-31 EN_PMI_CORE, X-19
 * pmi_core_sel; OQ-N4, OQ-X2). */
struct emu_pmi_req {
	uint64_t cycle;
	uint16_t cores;
};

/* The models' PMI request queues: move up to max entries of `size` bytes
 * from the front of the FIFO q of *n entries into out, oldest first;
 * returns how many. */
unsigned emu_fifo_take(void *q, unsigned *n, size_t size, void *out, unsigned max);

#endif
