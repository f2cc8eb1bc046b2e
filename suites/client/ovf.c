/* Widths, overflow to GLOBAL_STATUS and its clearing (L-32..L-41; OQ-L8,
 * OQ-L9, OQ-L14, OQ-L16): each class of counter (the fixed counter, ARB
 * counter 1 on 81H, which every client part counts there (L-83), C-box 0's
 * counter 0) preset about LEAD_US of its measured
 * rate below its wrap, PMI-select bits 0 so that no core is asked. */
#include "suites/client/client.h"

#define RATE_US  1000
#define LEAD_US  1000
/* Ten times the lead: hardware traffic may thin out; the model wraps on
 * time. */
#define WAIT_US  10000

/* The classes: the counter, its select and its event, its status bit. */
static const struct {
	unsigned win;      /* CL_* index */
	uint64_t event;
	uint64_t st;
	const char *ids;
} cls[] = {
	{ .win = CL_FIX, .event = 0, .st = CL_ST_FIXED, .ids = "L-33, L-36, L-38" },
	{ .win = CL_ARB_REQ_WIN, .event = CL_ARB_REQ, .st = CL_ST_ARB, .ids = "L-32, L-35, L-38" },
	{ .win = CL_CB0, .event = CL_LOOKUP_ANY, .st = CL_ST_CBO, .ids = "L-32, L-35, L-38" },
};

static unsigned bits_of(const struct cl_layout *l, unsigned win)
{
	return win == CL_FIX ? l->fixed_bits : CL_GP_BITS;
}

static uint64_t sel_of(unsigned c, bool ovf_en)
{
	if (cls[c].win == CL_FIX)
		return CL_FC_EN | (ovf_en ? CL_FC_OVF_EN : 0);
	return cls[c].event | CL_ES_EN | (ovf_en ? CL_ES_OVF_EN : 0);
}

struct wrap_run {
	uint64_t preset, after, st;
	bool wrapped;
};

/* Class c preset to wrap in about LEAD_US, OVF_EN as given, GLOBAL_CTRL.EN
 * with no select bit; waits for the wrap (the counter below its preset),
 * then reads the status, stops, and reads the counter. */
static enum verdict wrap_once(struct tctx *t, const struct cl_layout *l, unsigned c, bool ovf_en,
			      struct wrap_run *r)
{
	unsigned i = cls[c].win;
	uint32_t ctr = cl_ctr_msr(l, i);
	struct cl_win w = { .gctl = CL_GC_EN };
	uint64_t n, v, end, now;

	w.sel[i] = sel_of(c, false);
	if (i == CL_CB0) /* L-86: the traffic reference */
		w.sel[CL_ARB_REQ_WIN] = CL_ARB_REQ | CL_ES_EN;
	TRY(cl_window(t, l, &w, RATE_US));
	if (!w.d[i] && i == CL_CB0)
		return cl_silent(t, l, &w, i, "34H/8FH", CL_ARB_REQ_WIN, "81H");
	if (!w.d[i])
		return t_idle(t, "%s did not move in %u us (on hardware: no traffic)",
				   cl_ctr_names[i], RATE_US);
	n = cl_counts_in(&w, i, LEAD_US);
	r->preset = (1ull << bits_of(l, i)) - (n ? n : 1);
	TRY(cl_prepare(t, l));
	WR(t, ctr, r->preset);
	WR(t, cl_sel_msr(l, i), sel_of(c, ovf_en));
	WR(t, l->gctl, CL_GC_EN);
	end = plat_tsc() + cl_tsc_us(WAIT_US);
	do { /* the time before the read: the last read is past the deadline */
		now = plat_tsc();
		traffic_until(NULL, now + cl_tsc_us(50));
		RD(t, ctr, &v);
	} while (v >= r->preset && now < end);
	RD(t, l->status, &r->st);
	WR(t, l->gctl, 0);
	WR(t, cl_sel_msr(l, i), 0);
	RD(t, ctr, &r->after);
	r->wrapped = r->after < r->preset;
	if (!r->wrapped && i == CL_FIX)
		return t_fail(t, "FIXED_CTR preset to 2^%u - %lu did not wrap in %u ms (L-33, L-59)",
			      bits_of(l, i), (unsigned long)n, WAIT_US / 1000);
	if (!r->wrapped)
		return t_idle(t, "%s preset to 2^%u - %lu did not wrap in %u ms (L-32; on "
				   "hardware: traffic fell)", cl_ctr_names[i], bits_of(l, i),
				   (unsigned long)n, WAIT_US / 1000);
	return V_PASS;
}

/* With OVF_EN each wrap sets its class's status bit and no other (L-35,
 * L-36, L-38), the counter goes on past 0 (L-34); writing 0 clears the
 * status (L-40, OQ-L8 default) and changes no counter (L-41). */
static enum verdict status(struct tctx *t)
{
	struct cl_layout l;
	struct wrap_run r;
	uint64_t st, v;
	unsigned c;

	TRY(cl_layout(t, &l));
	for (c = 0; c < ARRAY_SIZE(cls); c++) {
		TRY(wrap_once(t, &l, c, true, &r));
		CHECK(t, r.st == cls[c].st, "GLOBAL_STATUS 0x%lx after %s wrapped with its overflow "
		      "enabled, want 0x%lx (%s)", (unsigned long)r.st, cl_ctr_names[cls[c].win],
		      (unsigned long)cls[c].st, cls[c].ids);
		CHECK(t, r.after > 0, "%s read 0 after its wrap: stopped there (L-34)",
		      cl_ctr_names[cls[c].win]);
		WR(t, l.status, 0);
		RD(t, l.status, &st);
		RD(t, cl_ctr_msr(&l, cls[c].win), &v);
		t_figure(t, "status_after_zero_reg", (int64_t)st, "reg");
		TRY(t_default(t, "OQ-L8", "writing 0 clears GLOBAL_STATUS", !st, "GLOBAL_STATUS 0x%lx "
			      "after writing it 0 (L-40, OQ-L8 default)", (unsigned long)st));
		CHECK(t, v == r.after, "%s changed from %lu to %lu, stopped, when GLOBAL_STATUS was "
		      "written (L-41)", cl_ctr_names[cls[c].win], (unsigned long)r.after,
		      (unsigned long)v);
	}
	return V_PASS;
}

/* Without OVF_EN a wrap is not forwarded: no status bit (L-35, L-36; OQ-L9
 * default, asserted on the model, reported on hardware). */
static enum verdict ovf_en(struct tctx *t)
{
	struct cl_layout l;
	struct wrap_run r;
	uint64_t seen = 0;
	unsigned c;

	TRY(cl_layout(t, &l));
	for (c = 0; c < ARRAY_SIZE(cls); c++) {
		TRY(wrap_once(t, &l, c, false, &r));
		seen |= r.st;
		TRY(t_default(t, "OQ-L9", "no status bit without OVF_EN", !r.st, "GLOBAL_STATUS "
			      "0x%lx after %s wrapped with its overflow not enabled (L-35, L-36, "
			      "OQ-L9 default)", (unsigned long)r.st, cl_ctr_names[cls[c].win]));
	}
	t_figure(t, "status_without_ovf_en_reg", (int64_t)seen, "reg");
	return V_PASS;
}

/* The fixed counter's probed width is the digest's (L-33, L-85; on layout
 * B OQ-L16: asserted on the model, reported on hardware, where every
 * preset follows the probe instead); a stopped counter reads back a
 * preset just below its wrap (L-32, L-33); bits above the width read 0
 * (OQ-L14, OQ-L16 defaults: asserted on the model, reported on hardware). */
static enum verdict width(struct tctx *t)
{
	struct cl_layout l;
	uint64_t v, top;
	unsigned c, i;

	TRY(cl_begin(t, &l));
	t_figure_expect(t, "fixed_width_bits", l.fixed_bits, l.fixed_bits_spec, 0, "bits");
	TRY(t_default(t, "OQ-L16", "FIXED_CTR as wide as the digest says", l.fixed_probed &&
		      l.fixed_bits == l.fixed_bits_spec, "FIXED_CTR probed %s%u bits wide on layout "
		      "%c, the digest says %u (L-33, L-85, OQ-L16); the client tests preset it by "
		      "the probe", l.fixed_probed ? "" : "(no width read back) ", l.fixed_bits,
		      l.name, l.fixed_bits_spec));
	for (c = 0; c < ARRAY_SIZE(cls); c++) {
		i = cls[c].win;
		top = 1ull << bits_of(&l, i);
		WR(t, cl_ctr_msr(&l, i), top - 3);
		RD(t, cl_ctr_msr(&l, i), &v);
		CHECK(t, v == top - 3, "%s written 2^%u - 3 reads 0x%lx (%s)", cl_ctr_names[i],
		      bits_of(&l, i), (unsigned long)v, i == CL_FIX ? "L-33, OQ-L16" : "L-32");
		WR(t, cl_ctr_msr(&l, i), top | 5);
		RD(t, cl_ctr_msr(&l, i), &v);
		t_figure_at(t, "above_width_readback_reg", FIG_BOX, c, (int64_t)v, "reg");
		TRY(t_default(t, i == CL_FIX ? "OQ-L16" : "OQ-L14", "bits above the width dropped",
			      v == 5, "%s written 2^%u + 5 reads 0x%lx: bits above the width kept "
			      "(OQ-L14, OQ-L16 defaults)", cl_ctr_names[i], bits_of(&l, i),
			      (unsigned long)v));
		WR(t, cl_ctr_msr(&l, i), 0);
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "client.ovf.width", .desc = "the fixed counter's probed width is the digest's (48 "
	  "on layout A, 44 on B; model, reported on hardware); counters read back 2^W - 3; bits "
	  "above W read 0 (model)", .needs = NEED_UNCORE, .run = width },
	{ .id = "client.ovf.status", .desc = "a wrap with its overflow enabled sets its class's "
	  "status bit; writing 0 clears it", .needs = NEED_UNCORE, .run = status },
	{ .id = "client.ovf.ovf-en", .desc = "a wrap without its overflow enabled sets no status "
	  "bit (model; reported on hardware)", .needs = NEED_UNCORE, .run = ovf_en },
};
const struct suite client_ovf_suite = SUITE("client.ovf", tests);
