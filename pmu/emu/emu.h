/* The emulated PMUs behind msr_backend_emu, an uncore per package and an
 * architectural core PMU per logical CPU: set-up and the PMI tick. */
#ifndef PMU_EMU_H
#define PMU_EMU_H

#include "pmu/backend/backend.h"
#include "pmu/regs/regs.h"
#include "pmu/emu/core/model.h"
#include "pmu/emu/faults.h"

#define EMU_MAX_PKG 8

struct emu_cfg {
	const struct uncore_gen *gen;    /* the uncore generation to emulate, or NULL */
	/* The defects to inject (pmu/emu/faults.h), copied at set-up; NULL:
	 * none. */
	const struct emu_fault_set *faults;
	uint32_t uclk_khz;               /* U-clock rate (OQ-N17: a ratio over the TSC) */
	const struct msr_backend *lower; /* other MSRs and CPUID go here; NULL: read 0,
					    drop writes, CPUID 0 */
	uint64_t (*clock)(void);         /* U-clock cycles now; NULL: derived from the TSC */
	uint32_t tick_us;                /* period of the caller's emu_poll (0: by hand) */
	const struct core_shape *core;   /* the core PMU to emulate on every CPU, or NULL
					    (the lower backend's is used) */
	uint64_t (*core_clock)(void);    /* core cycles now; NULL: emu_core_now's */
	uint32_t cpu_model;              /* CPUID display model, for generations whose
					    shape depends on it (X-37: C-boxes) */
	/* A hybrid part's E-core shape, core being the P-cores' (C-60), or
	 * NULL: core on every CPU. */
	const struct core_shape *core_e;
};

/* 0, or PLAT_EUNSUPPORTED if the generation has no model yet, PLAT_EINVAL
 * (nothing to emulate, an invalid core shape, more packages than
 * EMU_MAX_PKG) or PLAT_ENOMEM (no memory for the core models). Resets every
 * package's uncore and every CPU's core PMU. */
int emu_setup(const struct emu_cfg *c);
/* The models set up again as emu_setup last did, but with the defects f
 * (NULL: none): every package's uncore and every CPU's core PMU reset, as
 * at a new boot. Between two tests only (emu.fault.each=, harness/session.c):
 * no test may hold a model's state across it. Returns as emu_setup. */
int emu_refault(const struct emu_fault_set *f);
/* Advance every model and deliver the PMIs their overflows asked for.
 * Called from a periodic timer on target (so a test spinning without
 * touching any MSR still gets its PMI), from a ticker thread in the host
 * suite (it needs no current CPU) and by hand in host tests; one caller at
 * a time. */
void emu_poll(void);
uint64_t emu_uclk_now(void);
/* The emulated core clock: 4/3 of the TSC's rate, so that the model's
 * reference cycles (3 of every 4 core cycles, pmu/emu/core/model.h) run at the
 * TSC's rate, as UnHalted Reference Cycles do on parts whose reference
 * clock is the TSC's (C-21, C-24 row 2). */
uint64_t emu_core_now(void);
/* A wrap or core overflow is seen at the next MSR access or tick; its PMI
 * is sent then (C-39). So a correct model sends it within one tick period. */
uint32_t emu_pmi_bound_us(void);

#endif
