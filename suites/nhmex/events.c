/* The Xeon 7500's event constraints (X-44..X-47): what the guide says a
 * counter cannot count, a umask that selects nothing, and the W-box's
 * throttle events. Each test counts in one window opened and closed by
 * en_all (ex_window), the W fixed counter's cycles beside, and chooses its
 * events from the suite's own constants (suites/nhmex/spec.h). Where a
 * reference event of the same window did not move on hardware, the verdict
 * names it (suites/common/not_counted.h), not "no traffic". */
#include "suites/nhmex/nhmex.h"
#include "suites/common/not_counted.h"
#include "harness/config.h"

#define B_SEL(ev) ((uint64_t)(ev) << 1) /* §5.5: B ev_sel 5:1 */

/* X-44, OQ-X27: B0 counters 0-2 on their own events (0x01, 0x01, 0x07),
 * counter 3 on 0x01, which its list lacks: nothing on the model; on
 * hardware its count is reported against counter 0's, which counts the
 * same code where the guide lists it. */
static enum verdict b_lists(struct tctx *t)
{
	const struct ex_fbox b[1] = { {
		.name = "B0", .gctl = EX_B_GCTL(0), .sel0 = EX_SEL0(EX_B_GCTL(0)), .n = 4,
		.sel = { B_SEL(ex_b_ev[0]), B_SEL(ex_b_ev[1]), B_SEL(ex_b_ev[2]),
			 B_SEL(EX_B_EV_NOT_CTR3) },
	} };
	uint64_t c[1][6], cyc;

	TRY(ex_window(t, b, 1, c, &cyc));
	if (!c[0][0])
		return ev_idle(t, "B0 event 0x01 on counter 0 (a match/mask event)",
			       "the W fixed counter", cyc, "X-44, OQ-X27");
	TRY(t_default(t, "OQ-X27", "an event absent from a B counter's list counts nothing",
		      !c[0][3], "B0 counter 3 counted %lu of event 0x01, which its list lacks, "
		      "while counter 0 counted it %lu times (X-44)", (unsigned long)c[0][3],
		      (unsigned long)c[0][0]));
	return V_PASS;
}

/* X-45 (both), X-46 (OQ-X28): S0's HOM queue occupancy with umask 0 and
 * with the R- and B-box queues (0x03), C0's 0x07 with umask 0 and with
 * every sub-event, in one window: umask 0 counts nothing. */
static enum verdict umask0(struct tctx *t)
{
	const struct ex_fbox b[2] = {
		{ .name = "S0", .gctl = EX_S_GCTL(0), .sel0 = EX_SEL0(EX_S_GCTL(0)), .n = 2,
		  .sel = { EX_EV_07, EX_EV_07 | EX_UMASK(EX_S_HOM_RB) } },
		{ .name = "C0", .gctl = EX_C_GCTL(0), .sel0 = EX_SEL0(EX_C_GCTL(0)), .n = 2,
		  .sel = { EX_EV_07, EX_EV_07 | EX_UMASK(EX_C_ALL) } },
	};
	uint64_t c[2][6], cyc;

	TRY(ex_window(t, b, 2, c, &cyc));
	CHECK(t, !c[0][0], "S0 TO_R_B_HOM_MSGQ_OCCUPANCY with umask 0 counted %lu: the guide's "
	      "umask 0 counts nothing (X-45)", (unsigned long)c[0][0]);
	TRY(t_default(t, "OQ-X28", "C-box umask 0 counts nothing", !c[1][0], "C0 event 0x07 "
		      "with umask 0 counted %lu, with every sub-event %lu (X-46)",
		      (unsigned long)c[1][0], (unsigned long)c[1][1]));
	if (!c[0][1])
		TRY(ev_still(t, "S0 TO_R_B_HOM_MSGQ_OCCUPANCY (0x07/0x03)", "the W fixed counter",
			     cyc, "X-45: the HOM queues stayed empty"));
	if (!c[1][1])
		return ev_idle(t, "C0 event 0x07 with umask 0xFF", "the W fixed counter", cyc,
			       "X-46, OQ-X28");
	return V_PASS;
}

/* the W throttle events (0x00, 0x01, 0x02, 0x07) over a window the
 * W fixed counter counts. On the model each counts when the run tells it
 * the part throttles (emu.throttle=1, docs/configuration.md) and nothing
 * otherwise; on hardware a count says the part throttled, which is
 * reported. */
static enum verdict w_throttle(struct tctx *t)
{
	const struct ex_fbox b[1] = { {
		.name = "W", .gctl = EX_W_GCTL, .sel0 = EX_SEL0(EX_W_GCTL), .n = 4,
		.sel = { ex_w_throttle[0], ex_w_throttle[1], ex_w_throttle[2], ex_w_throttle[3] },
	} };
	bool told = t_on_model() && plat_config()->emu_throttle;
	uint64_t c[1][6], cyc;
	unsigned k;

	TRY(ex_window(t, b, 1, c, &cyc));
	CHECK(t, cyc > 0, "the W fixed counter did not count in the window (X-07)");
	for (k = 0; k < 4; k++) {
		CHECK(t, c[0][k] || !told, "W event 0x%02x counted nothing of %lu cycles on a "
		      "part told to throttle (emu.throttle=1, X-47)", ex_w_throttle[k],
		      (unsigned long)cyc);
		if (!c[0][k] || told)
			continue;
		if (t_on_model())
			return t_fail(t, "W event 0x%02x counted %lu of %lu cycles on a part that "
				      "does not throttle (X-47)", ex_w_throttle[k],
				      (unsigned long)c[0][k], (unsigned long)cyc);
		plat_log(1, "  W throttle event 0x%02x counted %lu of %lu cycles: the part "
			 "throttled (X-47)", ex_w_throttle[k], (unsigned long)c[0][k],
			 (unsigned long)cyc);
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "nhmex.event.b-lists", .desc = "a B counter counts only the events of its own "
	  "list: 0x01 on counter 3 counts nothing (model; reported on hardware)",
	  .needs = NEED_UNCORE, .run = b_lists },
	{ .id = "nhmex.event.umask0", .desc = "S- and C-box events with umask 0 count nothing "
	  "(C: model; reported on hardware)", .needs = NEED_UNCORE, .run = umask0 },
	{ .id = "nhmex.event.w-throttle", .desc = "the W throttle events count nothing on a part "
	  "that does not throttle, each counts on a model told it does (emu.throttle=1)", .needs = NEED_UNCORE, .run = w_throttle },
};

const struct suite nhmex_event_suite = SUITE("nhmex.event", tests);
