/* Host test of the client uncore's defects (EMU_CLIENT_FAULTS,
 * pmu/emu/client/defects.h), table-driven: each defect has a row with a
 * scenario and what the digest says it must give (a value fixed by the
 * statement or by the reference of test_emu_client.h); the clean model
 * gives exactly that, the defect something else. Every cl- defect must
 * have a row, so a new one cannot go untested. */
#include "tests/pmu/emu/client/test_emu_client.h"
#include "tests/pmu/emu/test_fault_rows.h"

#define A (&layouts[0])
#define B (&layouts[1])

static struct client_uncore u;
static struct emu_pmi_req req[CLIENT_MAX_PMI_REQ];

static const struct ref arb_occ = { .unit = CLIENT_UNIT_ARB, .ev = 0x80, .um = 0x01 };
static const struct ref arb_req = { .unit = CLIENT_UNIT_ARB, .ev = 0x81, .um = 0x01 };
static const struct ref lookups1 = { .unit = CLIENT_UNIT_CBOX(1), .ev = 0x34, .um = 0x8F };

/* ARB counter k with r's select (and flags) under GLOBAL_CTRL gctl from
 * cycle 0 on layout A: its value at `at`. */
static uint64_t arb(emu_faults_t f, unsigned k, const struct ref *r, uint64_t flags,
		    uint64_t gctl, uint64_t at)
{
	init8(&u, A, f, 0);
	wr(&u, ARB_SEL(k), ref_sel(r, flags), 0);
	wr(&u, A->gctl, gctl, 0);
	return rd(&u, ARB_CTR(k), at);
}

static uint64_t global_en(emu_faults_t f) { return arb(f, 0, &arb_req, 0, 0, 5000); } /* L-20 */
static uint64_t local_en(emu_faults_t f) /* L-21 */
{
	init8(&u, A, f, 0);
	wr(&u, ARB_SEL(0), ref_sel(&arb_req, 0) & ~ES_EN, 0);
	wr(&u, A->gctl, GC_EN, 0);
	return rd(&u, ARB_CTR(0), 5000);
}

static uint64_t fixed_order(emu_faults_t f) /* L-08 */
{
	init8(&u, A, f, 0);
	wr(&u, 0x394, FC_EN, 0);
	wr(&u, A->gctl, GC_EN, 0);
	return rd(&u, 0x395, 1000);
}

static uint64_t select_gates(emu_faults_t f) /* L-24 */
{
	init8(&u, A, f, 0);
	wr(&u, CBO_SEL(1, 0), ref_sel(&lookups1, 0), 0);
	wr(&u, A->gctl, GC_EN, 0);
	return rd(&u, CBO_CTR(1, 0), 5000);
}

static uint64_t reserved(emu_faults_t f) /* OQ-L14 */
{
	init8(&u, A, f, 0);
	return (uint64_t)client_wrmsr(&u, 0, ARB_SEL(0), 1ull << 17, 0);
}

static uint64_t box7(emu_faults_t f) /* L-13 */
{
	uint64_t v;

	init8(&u, B, f, 0);
	return (uint64_t)client_rdmsr(&u, 0, 0xF76, 0, &v);
}

static uint64_t box3_of_2(emu_faults_t f) /* L-16, L-19 */
{
	uint64_t v;

	A->init(&u, f, 2, 0x2A, 0, 0);
	return (uint64_t)client_rdmsr(&u, 0, CBO_SEL(3, 0), 0, &v);
}

static uint64_t thresh(emu_faults_t f, bool inv, bool edge) /* L-27..L-29 */
{
	struct ref r = arb_occ;

	r.cmask = 5;
	r.inv = inv;
	r.edge = edge;
	return arb(f, 0, &r, 0, GC_EN, 4096);
}
static uint64_t cmask5(emu_faults_t f) { return thresh(f, false, false); }
static uint64_t inv5(emu_faults_t f) { return thresh(f, true, false); }
static uint64_t edge5(emu_faults_t f) { return thresh(f, false, true); }
static uint64_t want_thresh(bool inv, bool edge)
{
	struct ref r = arb_occ;

	r.cmask = 5;
	r.inv = inv;
	r.edge = edge;
	return ref_count(&r, 0, 4096);
}

/* OQ-L13: enabled in a cycle whose condition held in the cycle before too:
 * it counts as an edge. */
static uint64_t edge_at_enable(emu_faults_t f)
{
	struct ref r = arb_occ;
	uint64_t t0;

	r.cmask = 1;
	r.edge = true;
	for (t0 = 1; !client_stream_value(CLIENT_UNIT_ARB, 0x80, 1, t0) ||
		     !client_stream_value(CLIENT_UNIT_ARB, 0x80, 1, t0 - 1); t0++)
		;
	init8(&u, A, f, 0);
	wr(&u, ARB_SEL(0), ref_sel(&r, 0), 0);
	wr(&u, A->gctl, GC_EN, t0);
	return rd(&u, ARB_CTR(0), t0 + 1);
}

static uint64_t occ_on_1(emu_faults_t f) { return arb(f, 1, &arb_occ, 0, GC_EN, 5000); } /* L-58 */

static uint64_t coh_occ_b(emu_faults_t f) /* L-83, OQ-L33: no 83H on layout B */
{
	init8(&u, B, f, 0);
	wr(&u, ARB_SEL(0), evtsel(0x83, 0x01, 0, ES_EN), 0);
	wr(&u, B->gctl, GC_EN, 0);
	return rd(&u, ARB_CTR(0), 5000);
}

static uint64_t req_on_0(emu_faults_t f) { return arb(f, 0, &arb_req, 0, GC_EN, 5000); } /* L-83 */

static uint64_t one_group(emu_faults_t f) /* L-57 */
{
	init8(&u, A, f, 0);
	wr(&u, CBO_SEL(0, 0), evtsel(0x34, 0x0F, 0, ES_EN), 0);
	wr(&u, A->gctl, GC_EN, 0);
	return rd(&u, CBO_CTR(0, 0), 5000);
}

static uint64_t width44(emu_faults_t f) /* L-32 */
{
	init8(&u, A, f, 0);
	wr(&u, ARB_CTR(1), MAX44 - 2, 0);
	wr(&u, ARB_SEL(1), ref_sel(&arb_req, 0), 0);
	wr(&u, A->gctl, GC_EN, 0);
	return rd(&u, ARB_CTR(1), 5000);
}

static uint64_t fixed_a_48(emu_faults_t f) /* L-33, OQ-L16 */
{
	init8(&u, A, f, 0);
	wr(&u, FIXED_CTR, (1ull << 44) - 10, 0);
	wr(&u, FIXED_CTL, FC_EN, 0);
	wr(&u, A->gctl, GC_EN, 0);
	return rd(&u, FIXED_CTR, 100);
}

static uint64_t upper(emu_faults_t f) /* OQ-L14 */
{
	init8(&u, B, f, 0);
	wr(&u, CBO_CTR(5, 1), 0xFFFF000000000001ull, 0);
	return rd(&u, CBO_CTR(5, 1), 0);
}

static uint64_t status_after(const struct layout *l, emu_faults_t f, uint64_t fctl)
{
	fixed_wrap(&u, l, f, 10, fctl, 0);
	return rd(&u, l->gctl + 1, 100);
}
static uint64_t no_ovf_en(emu_faults_t f) { return status_after(A, f, 0); } /* L-36, OQ-L9 */
static uint64_t fixed_status(emu_faults_t f) { return status_after(B, f, FC_OVF); } /* L-38 */

static uint64_t arb_status(emu_faults_t f) /* L-38 */
{
	init8(&u, A, f, 0);
	wr(&u, ARB_CTR(0), MAX44 - 2, 0);
	wr(&u, ARB_SEL(0), ref_sel(&arb_req, ES_OVF), 0);
	wr(&u, A->gctl, GC_EN, 0);
	return rd(&u, A->gctl + 1, 5000);
}

static uint64_t status_zeroed(emu_faults_t f) /* L-40, OQ-L8 */
{
	fixed_wrap(&u, B, f, 10, FC_OVF, 0);
	wr(&u, B->gctl + 1, 0, 100);
	return rd(&u, B->gctl + 1, 100);
}

/* The cores of the first request after a fixed wrap at 100 with
 * GLOBAL_CTRL = EN | gctl, core 1 halted from cycle 50. */
static uint64_t cores(const struct layout *l, emu_faults_t f, uint64_t gctl)
{
	fixed_wrap(&u, l, f, 100, FC_OVF, gctl);
	client_cstate(&u, 1, PMU_C1, 50);
	if (client_take_pmi(&u, 200, req, CLIENT_MAX_PMI_REQ) != 1)
		return UINT64_MAX;
	return req[0].cores;
}
static uint64_t core0(emu_faults_t f) { return cores(A, f, 0x1); } /* L-43 */
static uint64_t core4(emu_faults_t f) { return cores(B, f, 0x10); } /* L-43, OQ-L7 */
static uint64_t halted_no_wake(emu_faults_t f) { return cores(A, f, 0x3); } /* L-48, OQ-L10 */
static uint64_t halted_wake(emu_faults_t f) { return cores(B, f, GC_WAKE | 0x3); } /* L-47 */

static uint64_t two_requests(emu_faults_t f) /* L-49 */
{
	fixed_wrap(&u, A, f, 10, FC_OVF, 0x1);
	wr(&u, FIXED_CTR, (1ull << 48) - 10, 100);
	return client_take_pmi(&u, 200, req, CLIENT_MAX_PMI_REQ);
}

static uint64_t frozen_fixed(emu_faults_t f) /* L-50 */
{
	fixed_wrap(&u, B, f, 100, FC_OVF, GC_FRZ | GC_WAKE | 0x3);
	return rd(&u, FIXED_CTR, 500);
}

static uint64_t frozen_ctrl(emu_faults_t f) /* L-51 */
{
	fixed_wrap(&u, A, f, 100, FC_OVF, GC_FRZ | GC_WAKE | 0x3);
	return rd(&u, A->gctl, 500);
}

static uint64_t no_freeze_unforwarded(emu_faults_t f) /* L-53, OQ-L11 */
{
	fixed_wrap(&u, A, f, 100, 0, GC_FRZ);
	return rd(&u, A->gctl, 500);
}

/* Layouts C and D (L-66, L-70, L-74..L-76): their own addresses here. */
#define C_CBO_SEL(n, k) (0x700u + 8u * (n) + (k)) /* L-66 */
#define D_GCTL 0x2FF0u                            /* L-73 */
#define D_ARB_SEL(b, k) (0x2FD0u + 8u * (b) + (k)) /* L-76 */
#define D_ARB_CTR(b, k) (0x2FD2u + 8u * (b) + (k))
#define D_CBO_SEL(n, k) (0x2000u + 8u * (n) + (k)) /* L-74 */
#define D_CBO_CTR(n, k) (0x2002u + 8u * (n) + (k))

static uint64_t box1_stride8(emu_faults_t f) /* L-66 */
{
	client_c_init(&u, f, 8, 0x8C, 0, 0);
	return (uint64_t)client_wrmsr(&u, 0, C_CBO_SEL(1, 0), ref_sel(&lookups1, 0), 0);
}

static uint64_t icl_arb(emu_faults_t f) /* L-70: the one counter, 0x3B1/0x3B3 */
{
	client_icl_init(&u, f, 8, 0x7E, 0, 0);
	wr(&u, ARB_SEL(1), ref_sel(&arb_req, 0), 0);
	wr(&u, 0xE01, GC_EN, 0);
	return rd(&u, ARB_CTR(1), 5000);
}

/* L-71, OQ-L30: of GLOBAL_CTRL = EN | FREEZE | select bits written, Ice
 * Lake keeps the select bits alone. */
static uint64_t icl_gctl(emu_faults_t f)
{
	client_icl_init(&u, f, 8, 0x7E, 0, 0);
	wr(&u, 0xE01, GC_EN | GC_FRZ | 0x3, 0);
	return rd(&u, 0xE01, 10);
}

static uint64_t d_arb0_beside_1(emu_faults_t f) /* L-76: box 0 counts, box 1 off */
{
	client_d_init(&u, f, 8, 0x97, 0, 0);
	wr(&u, D_ARB_SEL(0, 0), ref_sel(&arb_req, 0), 0);
	wr(&u, D_ARB_SEL(1, 0), 0, 0);
	wr(&u, D_GCTL, GC_EN, 0);
	return rd(&u, D_ARB_CTR(0, 0), 5000);
}

static uint64_t d_thresh32_inv(emu_faults_t f) /* L-75: < 32 every cycle */
{
	client_d_init(&u, f, 8, 0x97, 0, 0);
	wr(&u, D_CBO_SEL(0, 0), evtsel(0x34, 0x8F, 32, ES_EN | ES_INV), 0);
	wr(&u, D_GCTL, GC_EN, 0);
	return rd(&u, D_CBO_CTR(0, 0), 5000);
}

struct row {
	unsigned bit;
	uint64_t (*run)(emu_faults_t f);
	uint64_t want; /* WANT_*: from the reference, computed at run time */
};

enum { WANT_SELECT = 1000000, WANT_CMASK, WANT_INV, WANT_EDGE, WANT_WIDTH, WANT_REQ };

#define R(id, fn, want_) { .bit = EMU_FAULT_BIT_CL_##id, .run = fn, .want = want_ }
static const struct row rows[] = {
	R(GLOBAL_EN_IGNORED, global_en, 0),
	R(LOCAL_EN_IGNORED, local_en, 0),
	R(FIXED_NEHALEM_ORDER, fixed_order, 1000),
	R(SELECT_GATES, select_gates, WANT_SELECT),
	R(RESERVED_ACCEPTED, reserved, VEC_GP),
	R(CBOX_STRIDE_7, box7, 0),
	R(CBOX_ALL_PRESENT, box3_of_2, VEC_GP),
	R(CMASK_IGNORED, cmask5, WANT_CMASK),
	R(CMASK_OFF_BY_ONE, cmask5, WANT_CMASK),
	R(INV_IGNORED, inv5, WANT_INV),
	R(EDGE_IGNORED, edge5, WANT_EDGE),
	R(EDGE_HISTORY_KEPT, edge_at_enable, 1),
	R(ARB_OCC_ON_1, occ_on_1, 0),
	R(ARB_COH_OCC_LIVE, coh_occ_b, 0),
	R(ARB_REQ_1_ONLY, req_on_0, WANT_REQ),
	R(UMASK_ONE_GROUP, one_group, 0),
	R(WIDTH_48, width44, WANT_WIDTH),
	R(FIXED_WIDTH_SWAPPED, fixed_a_48, (1ull << 44) + 90),
	R(UPPER_BITS_KEPT, upper, 1),
	R(OVF_EN_IGNORED, no_ovf_en, 0),
	R(NO_STATUS, fixed_status, ST_FIXED),
	R(ARB_STATUS_BIT3, arb_status, ST_ARB),
	R(STATUS_W1C, status_zeroed, 0),
	R(PMI_WRONG_CORE, core0, 0x1),
	R(SEL_4_BITS, core4, 0x10),
	R(PMI_ONCE, two_requests, 2),
	R(WAKE_IGNORED, halted_no_wake, 0x1),
	R(WAKE_NEVER, halted_wake, 0x3),
	R(FRZ_IGNORED, frozen_fixed, 0),
	R(FRZ_FIXED_RUNS, frozen_fixed, 0),
	R(FRZ_CLEARS_CTRL, frozen_ctrl, GC_FRZ | GC_WAKE | 0x3),
	R(FRZ_WITHOUT_OVF_EN, no_freeze_unforwarded, GC_EN | GC_FRZ),
	R(CBOX_STRIDE_16, box1_stride8, 0),
	R(ICL068_GCTL_LIVE, icl_gctl, 0x3),
	R(ICL_ARB0_LIVE, icl_arb, WANT_REQ),
	R(ARB_BOX1_ALIAS, d_arb0_beside_1, WANT_REQ),
	R(THRESH_5_BITS, d_thresh32_inv, 5000),
};

static uint64_t want_of(const struct row *r)
{
	switch (r->want) {
	case WANT_SELECT:
		return ref_count(&lookups1, 0, 5000);
	case WANT_CMASK:
		return want_thresh(false, false);
	case WANT_INV:
		return want_thresh(true, false);
	case WANT_EDGE:
		return want_thresh(false, true);
	case WANT_WIDTH:
		return (MAX44 - 2 + ref_count(&arb_req, 0, 5000)) & MAX44;
	case WANT_REQ:
		return ref_count(&arb_req, 0, 5000);
	default:
		return r->want;
	}
}

/* The clean model gives what the digest says; each defect breaks its row. */
static void every_defect_breaks_its_statement(void **state)
{
	(void)state;
	ASSERT_ROWS_BREAK(rows, want_of);
}

/* Every cl- defect has a row. */
static void every_cl_defect_has_a_row(void **state)
{
	(void)state;
	ASSERT_ROW_PER_FAULT(rows, !strncmp(emu_fault_name(bit_), "cl-", 3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_defect_breaks_its_statement),
		cmocka_unit_test(every_cl_defect_has_a_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
