/* The emulated uncore behind msr_backend_emu: set-up and the PMI tick. */
#ifndef PMU_EMU_H
#define PMU_EMU_H

#include "backend.h"
#include "regs.h"
#include "emu_faults.h"

#define EMU_MAX_PKG 8

struct emu_cfg {
	const struct uncore_gen *gen;    /* the generation to emulate */
	emu_faults_t faults;             /* EMU_F() mask (pmu/emu_faults.h) */
	uint32_t uclk_khz;               /* U-clock rate (OQ-N17: a ratio over the TSC) */
	const struct msr_backend *lower; /* other MSRs go here; NULL: read 0, drop writes */
	uint64_t (*clock)(void);         /* U-clock cycles now; NULL: derived from the TSC */
	uint32_t tick_us;                /* period of the caller's emu_poll (0: by hand) */
};

/* 0, or PLAT_EUNSUPPORTED if the generation has no model yet, or PLAT_EINVAL
 * (more packages than EMU_MAX_PKG). Resets every package's uncore. */
int emu_setup(const struct emu_cfg *c);
/* Advance every package's model and deliver the PMIs its overflows asked
 * for. Called from a periodic timer on target (so a test spinning without
 * touching any MSR still gets its PMI), from a ticker thread in the host
 * suite (it needs no current CPU) and by hand in host tests; one caller at
 * a time. */
void emu_poll(void);
uint64_t emu_uclk_now(void);
/* A wrap is seen at the next MSR access or tick; its PMI is sent then
 * (C-39). So a correct model sends it within one tick period. */
uint32_t emu_pmi_bound_us(void);

#endif
