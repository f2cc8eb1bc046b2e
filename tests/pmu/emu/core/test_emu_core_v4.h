/* The version-4 behaviours of the emulated core PMU (spec C-43..C-48,
 * OQ-C14..OQ-C18), each a function of the defects the model has: true when
 * it holds. The statement tests (test_emu_core_v4.c) assert them on the
 * clean model, the defect table (test_emu_core_faults.c) that each v4
 * defect breaks its own. */
#ifndef TESTS_HOST_TEST_EMU_CORE_V4_H
#define TESTS_HOST_TEST_EMU_CORE_V4_H

#include "tests/pmu/emu/core/test_emu_core.h"

#define SET 0x391u   /* IA32_PERF_GLOBAL_STATUS_SET, C-44 */
#define INUSE 0x392u /* IA32_PERF_GLOBAL_INUSE, C-45 */
#define LBR_FRZ (1ull << 58)
#define CTR_FRZ (1ull << 59)
#define OVF_BUF (1ull << 62)
#define PMI_INUSE (1ull << 63)   /* OQ-C15 */
#define FRZ_LBRS (1ull << 11)    /* DEBUGCTL, C-48 */
#define FRZ_PERFMON (1ull << 12) /* DEBUGCTL, C-47 */

/* A version-4 model with DEBUGCTL = debugctl: IA32_PMC0 at -100 on core
 * cycles (INT as given), IA32_PMC1 and IA32_FIXED_CTR1 on core cycles from
 * 0, all started at cycle 0; so PMC0 overflows at cycle 100. */
static inline void v4_overflow_at_100(struct core_pmu *u, emu_faults_t f, uint64_t debugctl,
				      bool pmi)
{
	init(u, &core_shape_v4, f);
	core_debugctl_write(u, debugctl, 0);
	wr(u, PMC(0), 0 - 100ull, 0);
	wr(u, SEL(0), evtsel(EV_CYCLES, 0, OS | EN | (pmi ? INT : 0)), 0);
	wr(u, SEL(1), evtsel(EV_CYCLES, 0, OS | EN), 0);
	wr(u, FIXED_CTL, FC(1, 1, false), 0);
	wr(u, GCTL, 3 | G_FIXED(1), 0);
}

/* C-44: STATUS_SET sets exactly the bits written. */
static inline bool v4_set_sets_exactly(emu_faults_t f)
{
	uint64_t bits = 2 | G_FIXED(2) | LBR_FRZ | OVF_BUF;
	struct core_pmu u;

	init(&u, &core_shape_v4, f);
	wr(&u, SET, bits, 10);
	return rd(&u, STATUS, 20) == bits;
}

/* C-43: STATUS_RESET clears CTR_Frz and LBR_Frz, each alone. */
static inline bool v4_reset_clears_freeze_bits(emu_faults_t f)
{
	struct core_pmu u;

	init(&u, &core_shape_v4, f);
	wr(&u, SET, LBR_FRZ | CTR_FRZ | 1, 10);
	wr(&u, OVF, CTR_FRZ, 20);
	if (rd(&u, STATUS, 20) != (LBR_FRZ | 1))
		return false;
	wr(&u, OVF, LBR_FRZ, 30);
	return rd(&u, STATUS, 30) == 1;
}

/* C-45: bit n follows the event select, not EN. */
static inline bool v4_inuse_follows_event_select(emu_faults_t f)
{
	struct core_pmu u;

	init(&u, &core_shape_v4, f);
	wr(&u, SEL(0), evtsel(EV_CYCLES, 0, OS), 0);  /* event, EN clear */
	wr(&u, SEL(1), OS | EN, 0);                    /* EN, event 0 */
	wr(&u, SEL(7), evtsel(0x01, 0x00, 0, 0), 0);   /* any non-zero event select */
	wr(&u, FIXED_CTL, FC(2, 2, false), 0);
	wr(&u, GCTL, 2, 0);
	return rd(&u, INUSE, 0) == (1 | 1ull << 7 | G_FIXED(2));
}

/* C-45, OQ-C15: PMI_InUse from any INT or fixed PMI bit alone. */
static inline bool v4_inuse_pmi(emu_faults_t f)
{
	struct core_pmu u;
	bool by_int, by_fixed;

	init(&u, &core_shape_v4, f);
	wr(&u, SEL(3), INT, 0);
	by_int = rd(&u, INUSE, 0) == PMI_INUSE;
	wr(&u, SEL(3), 0, 0);
	wr(&u, FIXED_CTL, FC(0, 0, true), 0);
	by_fixed = rd(&u, INUSE, 0) == PMI_INUSE;
	return by_int && by_fixed;
}

/* C-47: with FREEZE_PERFMON_ON_PMI, PMC0's PMI at cycle 100 sets CTR_Frz
 * and stands every counter still from that cycle, GLOBAL_CTRL as written;
 * STATUS_RESET of CTR_Frz lets them all count on. */
static inline bool v4_freeze_stops_all(emu_faults_t f)
{
	struct core_pmu u;
	bool frozen;

	v4_overflow_at_100(&u, f, FRZ_PERFMON, true);
	frozen = rd(&u, STATUS, 99) == 0 && rd(&u, STATUS, 100) == (1 | CTR_FRZ) &&
		 rd(&u, PMC(1), 1000) == 100 && rd(&u, FIXED(1), 1000) == 100 &&
		 rd(&u, PMC(0), 1000) == 0 && rd(&u, GCTL, 1000) == (3 | G_FIXED(1));
	wr(&u, OVF, CTR_FRZ | 1, 1000);
	return frozen && rd(&u, STATUS, 1050) == 0 && rd(&u, PMC(1), 1050) == 150 &&
	       rd(&u, FIXED(1), 1050) == 150 && rd(&u, PMC(0), 1050) == 50;
}

/* OQ-C14 default: an overflow without its PMI enable freezes nothing. */
static inline bool v4_no_freeze_without_int(emu_faults_t f)
{
	struct core_pmu u;

	v4_overflow_at_100(&u, f, FRZ_PERFMON | FRZ_LBRS, false);
	return rd(&u, STATUS, 1000) == 1 && rd(&u, PMC(1), 1000) == 1000;
}

/* C-48: FREEZE_LBRS_ON_PMI alone sets LBR_Frz and stops no counter. */
static inline bool v4_lbr_frz_alone(emu_faults_t f)
{
	struct core_pmu u;

	v4_overflow_at_100(&u, f, FRZ_LBRS, true);
	return rd(&u, STATUS, 1000) == (1 | LBR_FRZ) && rd(&u, PMC(1), 1000) == 1000;
}

#endif
