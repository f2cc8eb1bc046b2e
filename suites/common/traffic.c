/* Memory traffic for real hardware: each line of a small buffer is read,
 * then flushed, so the next read of it misses every cache level and reaches
 * the memory controller whatever the buffer's size (which matters: gnu-efi's
 * linker script stores .bss in the .efi file). It keeps the uncore's
 * memory-side events busy and stalls the core between retirements (the
 * core suite's toggling workload). Under emulation the synthetic streams
 * ignore it. */
#include "suites/common/traffic.h"
#include "lib/platform.h"

#define BUF_BYTES (64u * 1024)
#define LINE      64u

static uint8_t buf[BUF_BYTES] __attribute__((aligned(LINE)));

/* CLFLUSH is an SSE2 instruction to GCC, which -mgeneral-regs-only turns off
 * file-wide; only this function enables it. */
__attribute__((target("sse2"))) static void flush_line(const void *p)
{
	__builtin_ia32_clflush(p);
}

void traffic_until(volatile bool *stop, uint64_t end_tsc)
{
	/* Each CPU starts at its own line so that CPUs do not walk in step. */
	unsigned i = plat_this_cpu() * 97;

	for (;; i++) {
		unsigned off = (i % (BUF_BYTES / LINE)) * LINE;

		(void)*(volatile uint64_t *)(buf + off);
		flush_line(buf + off);
		if ((i & 15) == 15 && ((stop && *stop) || plat_tsc() >= end_tsc))
			return;
	}
}
