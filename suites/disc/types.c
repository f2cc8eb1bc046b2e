/* The types whose behaviour beyond the generic contract a source fixes
 * (xeon-discovery.md §4.7): the IMC's CAS counts against the streaming
 * workload (D-70, D-71) and the IIO's free-running clocks (D-72, D-73).
 * Apart from suites/disc/unit.c because they hold only on the generations
 * the digest names: on a part no registry row names (D-60) they are N/A,
 * its events and addresses being unknown. */
#include "suites/disc/disc.h"
#include "pmu/backend/backend.h"

#define RUN_US 100
#define STREAM_BYTES (64ull << 20)
#define CAS_MULTIPLE 2 /* hardware: prefetch and ownership reads, D-71's bound */

/* N/A with the reason on a part of D-60. */
static enum verdict named(struct tctx *t, const struct disc_machine **m, const char *what)
{
	TRY(ds_need(t, m));
	if (!ds_family((*m)->model))
		return t_na(t, "CPU model 0x%02X is in no registry row (D-60): %s are known only for "
			    "the generations the digest names", (*m)->model, what);
	return V_PASS;
}

static uint64_t mask(unsigned width)
{
	return width >= 64 ? ~0ull : (1ull << width) - 1;
}

/* The size of the largest cache CPUID leaf 4 lists, 0 if none. */
static uint64_t llc_bytes(void)
{
	uint64_t most = 0;
	uint32_t r[4];

	for (uint32_t i = 0; i < 16; i++) {
		pmu_cpuid(4, i, r);
		if (!(r[0] & 0x1F))
			break;
		uint64_t size = (uint64_t)((r[1] >> 22) + 1) * (((r[1] >> 12) & 0x3FF) + 1) *
				((r[1] & 0xFFF) + 1) * ((uint64_t)r[2] + 1);
		most = size > most ? size : most;
	}
	return most;
}

/* The streaming workload's buffer, once a run (plat_alloc). */
static volatile uint64_t *stream;

static void stream_once(bool write)
{
	for (uint64_t i = 0; i < STREAM_BYTES / 8; i += DS_LINE / 8)
		if (write)
			stream[i] = i;
		else
			(void)stream[i];
	pmu_traffic((uint64_t)(uintptr_t)stream, STREAM_BYTES, write);
}

/* Σ over every IMC of every socket of counter k's move since a[]. */
static enum verdict moved(struct tctx *t, struct ds_ty *y, unsigned n, unsigned k,
			  uint64_t (*a)[DISC_MAX_UNITS], uint64_t *sum)
{
	static uint64_t b[DISC_MAX_UNITS];

	*sum = 0;
	for (unsigned s = 0; s < n; s++) {
		TRY(ds_ty_read(t, &y[s], k, b));
		for (unsigned i = 0; i < y[s].n; i++)
			*sum += (b[i] - a[s][i]) & mask(y[s].u[i]->width);
	}
	return V_PASS;
}

/* D-71: reading, then writing, the buffer moves Σ CAS reads, then Σ CAS
 * writes, by its lines at least (asserted when the buffer exceeds the
 * LLC, reported otherwise), CAS_MULTIPLE times that at most; exactly its
 * lines on the model (OQ-D16). */
static enum verdict cas_run(struct tctx *t, struct ds_ty *y, unsigned n)
{
	static uint64_t a[DISC_MAX_SOCKETS][DISC_MAX_UNITS];
	const uint64_t lines = STREAM_BYTES / DS_LINE, llc = llc_bytes();
	uint64_t c;

	for (unsigned s = 0; s < n; s++) {
		TRY(ds_ty_program(t, &y[s], 0, DS_CAS_RD, 0));
		TRY(ds_ty_program(t, &y[s], 1, DS_CAS_WR, 0));
		TRY(ds_ty_ctl(t, &y[s], 0));
	}
	for (unsigned k = 0; k < 2; k++) {
		for (unsigned s = 0; s < n; s++)
			TRY(ds_ty_read(t, &y[s], k, a[s]));
		stream_once(k == 1);
		TRY(moved(t, y, n, k, a, &c));
		t_figure_expect(t, k ? "cas_writes_count" : "cas_reads_count", (int64_t)c,
				(int64_t)lines, (int64_t)lines, "count");
		CHECK(t, c <= CAS_MULTIPLE * lines && (c == lines || !t_on_model()),
		      "%s %llu lines: %llu CAS %s over every IMC, want %s%llu (D-70, D-71)",
		      k ? "writing" : "reading", (unsigned long long)lines, (unsigned long long)c,
		      k ? "writes" : "reads", t_on_model() ? "" : "at most ",
		      (unsigned long long)(t_on_model() ? lines : CAS_MULTIPLE * lines));
		if (c < lines && llc >= STREAM_BYTES)
			plat_log(1, "  %llu CAS %s for %llu lines: the %llu MiB buffer fits the %llu MiB "
				 "LLC (D-71: reported)", (unsigned long long)c, k ? "writes" : "reads",
				 (unsigned long long)lines, (unsigned long long)(STREAM_BYTES >> 20),
				 (unsigned long long)(llc >> 20));
		else
			CHECK(t, c >= lines, "%s %llu lines beyond the %llu MiB LLC: only %llu CAS %s "
			      "(D-71)", k ? "writing" : "reading", (unsigned long long)lines,
			      (unsigned long long)(llc >> 20), (unsigned long long)c,
			      k ? "writes" : "reads");
	}
	return V_PASS;
}

/* Every IMC of every socket saved, its counters 0 and 1 on the CAS
 * events through the stream, then put back, the freeze-all too. */
static enum verdict cas(struct tctx *t)
{
	const struct disc_machine *m;
	uint64_t g[DISC_MAX_SOCKETS], zero = 0;
	enum verdict v = V_PASS, r;
	static struct ds_ty *y; /* one a socket, once a run */
	unsigned n, total = 0;

	TRY(named(t, &m, "the IMC's CAS events"));
	if (!stream && !(stream = plat_alloc(STREAM_BYTES)))
		return t_skip(t, "no %llu MiB for the streaming buffer",
			      (unsigned long long)(STREAM_BYTES >> 20));
	n = m->nsock;
	if (!y && !(y = plat_alloc(DISC_MAX_SOCKETS * sizeof(*y))))
		return t_error(t, "no memory for the IMC units");
	for (unsigned s = 0; s < n; s++) {
		ds_ty_fill(&y[s], m, s, DS_TYPE_IMC);
		total += y[s].n;
	}
	CHECK(t, total, "no IMC (type %u) in %u tables (D-40, D-43)", DS_TYPE_IMC, n);
	for (unsigned s = 0; v == V_PASS && s < n; s++) {
		TRY(ds_global(t, &m->s[s], false, &g[s]));
		v = ds_ty_save(t, &y[s]);
		if (v == V_PASS)
			v = ds_ty_ctl(t, &y[s], DS_UNIT_FRZ | DS_UNIT_RST_CTRL | DS_UNIT_RST_CTRS);
		if (v == V_PASS)
			v = ds_global(t, &m->s[s], true, &zero);
	}
	if (v == V_PASS)
		v = cas_run(t, y, n);
	/* what was saved goes back, whatever the verdict */
	for (unsigned s = 0; s < n; s++) {
		r = ds_ty_restore(t, &y[s]);
		v = v == V_PASS ? r : v;
		r = ds_global(t, &m->s[s], true, &g[s]);
		v = v == V_PASS ? r : v;
	}
	return v;
}

/* Every IIO clock of socket s: v[i] for the i-th IIO unit (D-72). */
static enum verdict clocks(struct tctx *t, const struct disc_socket *s, uint32_t base, unsigned n,
			   uint64_t *v)
{
	for (unsigned i = 0; i < n; i++)
		TRY(ds_msr(t, s, base + DS_IOCLK_STEP * i, &v[i]));
	return V_PASS;
}

/* D-72, D-73, OQ-D17: each IIO's clock moves up over a window, and with
 * the freeze-all set (asserted on the model, reported on hardware); its
 * rate against the TSC is reported. */
static enum verdict ioclk_socket(struct tctx *t, const struct disc_socket *s, unsigned k,
				 uint32_t base, unsigned n)
{
	static uint64_t a[DISC_MAX_UNITS], b[DISC_MAX_UNITS];
	uint64_t t0, t1, frz = DS_GLOBAL_FRZ, g;
	bool ran = true;

	t0 = plat_tsc();
	TRY(clocks(t, s, base, n, a));
	plat_stall_us(RUN_US);
	TRY(clocks(t, s, base, n, b));
	t1 = plat_tsc();
	for (unsigned i = 0; i < n; i++) {
		uint64_t d = (b[i] - a[i]) & mask(DS_IOCLK_WIDTH);

		CHECK(t, d && d < 1ull << (DS_IOCLK_WIDTH - 1), "socket %u: IIO %u's clock (MSR "
		      "0x%x) went 0x%llx -> 0x%llx over %u us: not monotonic (D-72, D-73)", k, i,
		      base + DS_IOCLK_STEP * i, (unsigned long long)a[i], (unsigned long long)b[i],
		      RUN_US);
	}
	t_figure_at(t, "ioclk_tsc_x1000", FIG_PACKAGE, k,
		    (int64_t)(((b[0] - a[0]) & mask(DS_IOCLK_WIDTH)) * 1000 / (t1 - t0 ? t1 - t0 : 1)),
		    "x1000");
	TRY(ds_global(t, s, false, &g));
	TRY(ds_global(t, s, true, &frz));
	if (clocks(t, s, base, n, a) == V_PASS) {
		plat_stall_us(RUN_US);
		if (clocks(t, s, base, n, b) == V_PASS)
			for (unsigned i = 0; i < n; i++)
				ran = ran && a[i] != b[i];
	}
	TRY(ds_global(t, s, true, &g));
	return t_default(t, "OQ-D17", "the IIO's free-running clock runs under the freeze-all", ran,
			 "socket %u: an IIO clock held with the freeze-all set (D-73)", k);
}

static enum verdict ioclk(struct tctx *t)
{
	const struct disc_machine *m;
	static struct ds_ty *y;

	TRY(named(t, &m, "the IIO's free-running clocks"));

	if (!y && !(y = plat_alloc(sizeof(*y))))
		return t_error(t, "no memory for the IIO units");
	for (unsigned k = 0; k < m->nsock; k++) {
		ds_ty_fill(y, m, k, DS_TYPE_IIO);
		CHECK(t, y->n, "socket %u: no IIO (type %u) in its table (D-40, D-43)", k, DS_TYPE_IIO);
		TRY(ioclk_socket(t, &m->s[k], k,
				 ds_family(m->model) == 1 ? DS_IOCLK_SPR : DS_IOCLK_GNR, y->n));
	}
	return V_PASS;
}

static const struct test tests[] = {
	{ .id = "disc.types.cas", .desc = "IMC: CAS reads and writes (0x05/0xCF, 0x05/0xF0) over "
	  "every IMC against a streaming read and write of 64 MiB (D-70, D-71)",
	  .needs = NEED_UNCORE, .run = cas },
	{ .id = "disc.types.ioclk", .desc = "IIO: each unit's free-running clock moves up, also "
	  "under the freeze-all; its rate against the TSC reported (D-72, D-73)",
	  .needs = NEED_UNCORE, .run = ioclk },
};
const struct suite disc_types_suite = SUITE("disc.types", tests);
