/* The models' PMI request queues (pmu/emu/pmi_fifo.h). */
#include "pmu/emu/pmi_fifo.h"

unsigned emu_fifo_take(void *q, unsigned *n, size_t size, void *out, unsigned max)
{
	unsigned k = *n < max ? *n : max;

	memcpy(out, q, k * size);
	memmove(q, (char *)q + k * size, (*n - k) * size);
	*n -= k;
	return k;
}
