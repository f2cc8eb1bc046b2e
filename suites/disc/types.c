/* The types whose behaviour beyond the generic contract a source fixes
 * (xeon-discovery.md §4.7): the IMC's CAS counts against the streaming
 * workload (D-70, D-71), the CHA's thread-id filter on its TOR inserts
 * (D-74, D-75) and the IIO's free-running clocks (D-72, D-73).
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
 * writes, over every IMC of every socket, by its lines at least (asserted when the buffer exceeds the
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

/* run(t, y, n) on the units of type `type` of every socket (y[s] those
 * of socket s, n sockets), each saved and reset before, with the
 * freeze-all clear, and both put back after, whatever the verdict. */
static enum verdict across(struct tctx *t, const struct disc_machine *m, uint16_t type,
			   enum verdict (*run)(struct tctx *, struct ds_ty *, unsigned))
{
	static struct ds_ty *y; /* one a socket, once a run */
	uint64_t g[DISC_MAX_SOCKETS], zero = 0;
	enum verdict v = V_PASS, r;
	unsigned total = 0, n = m->nsock;
	char ty[24];

	if (!y && !(y = plat_alloc(DISC_MAX_SOCKETS * sizeof(*y))))
		return t_error(t, "no memory for the units");
	for (unsigned s = 0; s < n; s++) {
		ds_ty_fill(&y[s], m, s, type);
		total += y[s].n;
	}
	CHECK(t, total, "no %s (type %u) in %u tables (D-40, D-43)",
	      ds_type_name(m->model, type, ty, sizeof(ty)), type, n);
	for (unsigned s = 0; s < n; s++)
		TRY(ds_global(t, &m->s[s], false, &g[s]));
	for (unsigned s = 0; v == V_PASS && s < n; s++) {
		v = ds_ty_save(t, &y[s]);
		if (v == V_PASS)
			v = ds_ty_ctl(t, &y[s], DS_UNIT_FRZ | DS_UNIT_RST_CTRL | DS_UNIT_RST_CTRS);
		if (v == V_PASS)
			v = ds_global(t, &m->s[s], true, &zero);
	}
	if (v == V_PASS)
		v = run(t, y, n);
	for (unsigned s = 0; s < n; s++) {
		r = ds_ty_restore(t, &y[s]);
		v = v == V_PASS ? r : v;
		r = ds_global(t, &m->s[s], true, &g[s]);
		v = v == V_PASS ? r : v;
	}
	return v;
}

static bool buffer(void)
{
	return stream || (stream = plat_alloc(STREAM_BYTES));
}

static enum verdict cas(struct tctx *t)
{
	const struct disc_machine *m;

	TRY(named(t, &m, "the IMC's CAS events"));
	if (!buffer())
		return t_skip(t, "no %llu MiB for the streaming buffer",
			      (unsigned long long)(STREAM_BYTES >> 20));
	return across(t, m, DS_TYPE_IMC, cas_run);
}

/* Every CHA's FILTER0 written tid (D-74: bits 9:0) and read back. */
static enum verdict filters(struct tctx *t, struct ds_ty *y, unsigned n, uint64_t tid)
{
	for (unsigned s = 0; s < n; s++)
		for (unsigned i = 0; i < y[s].n; i++) {
			uint32_t at = DS_CHA_FILTER0 + DS_CHA_STEP * y[s].u[i]->id;
			uint64_t v;

			TRY(ds_msr_wr(t, y[s].s, at, tid));
			TRY(ds_msr(t, y[s].s, at, &v));
			CHECK(t, (v & DS_CHA_TID) == tid, "CHA %u of socket %u: FILTER0 (MSR 0x%x) "
			      "written 0x%llx reads 0x%llx (D-74)", y[s].u[i]->id, s, at,
			      (unsigned long long)tid, (unsigned long long)v);
		}
	return V_PASS;
}

/* One streaming read with every CHA's FILTER0 naming tid: Σ counter 0
 * (TOR_INSERTS.IA, thread-id filter on) into *mine, Σ counter 1 (off)
 * into *all. */
static enum verdict tid_window(struct tctx *t, struct ds_ty *y, unsigned n, uint64_t tid,
			       uint64_t *mine, uint64_t *all)
{
	static uint64_t a[2][DISC_MAX_SOCKETS][DISC_MAX_UNITS];

	TRY(filters(t, y, n, tid));
	for (unsigned k = 0; k < 2; k++)
		for (unsigned s = 0; s < n; s++)
			TRY(ds_ty_read(t, &y[s], k, a[k][s]));
	stream_once(false);
	TRY(moved(t, y, n, 0, a[0], mine));
	return moved(t, y, n, 1, a[1], all);
}

/* D-74, D-75, OQ-D18: the stream's TOR inserts counted by every CHA with
 * the filter naming the streaming thread (bits 9:0 of its APIC id), then
 * naming another thread: on the model the first counts them all, the
 * second none, and the unfiltered counter all both times; on hardware
 * the unfiltered count reaches the lines when the buffer exceeds the LLC
 * and what the filter did is reported. Each CHA's FILTER0 is put back. */
static enum verdict tid_run(struct tctx *t, struct ds_ty *y, unsigned n)
{
	static uint64_t saved[DISC_MAX_SOCKETS][DISC_MAX_UNITS];
	const uint64_t lines = STREAM_BYTES / DS_LINE, me = plat_apic_id() & DS_CHA_TID;
	uint64_t mine = 0, all = 0, other_mine = 0, other_all = 0, other = me;
	enum verdict v = V_PASS, r;

	for (unsigned c = 0; c < plat_cpu_count(); c++)
		if ((plat_cpu(c)->apic_id & DS_CHA_TID) != me)
			other = plat_cpu(c)->apic_id & DS_CHA_TID;
	for (unsigned s = 0; s < n; s++)
		for (unsigned i = 0; i < y[s].n; i++)
			TRY(ds_msr(t, y[s].s, DS_CHA_FILTER0 + DS_CHA_STEP * y[s].u[i]->id,
				   &saved[s][i]));
	for (unsigned s = 0; v == V_PASS && s < n; s++) {
		v = ds_ty_program(t, &y[s], 0, DS_TOR_IA | DS_CTL_TID_EN, 0);
		if (v == V_PASS)
			v = ds_ty_program(t, &y[s], 1, DS_TOR_IA, 0);
		if (v == V_PASS)
			v = ds_ty_ctl(t, &y[s], 0);
	}
	if (v == V_PASS)
		v = tid_window(t, y, n, me, &mine, &all);
	if (v == V_PASS && other != me)
		v = tid_window(t, y, n, other, &other_mine, &other_all);
	for (unsigned s = 0; s < n; s++)
		for (unsigned i = 0; i < y[s].n; i++) {
			r = ds_msr_wr(t, y[s].s, DS_CHA_FILTER0 + DS_CHA_STEP * y[s].u[i]->id,
				      saved[s][i]);
			v = v == V_PASS ? r : v;
		}
	TRY(v);
	t_figure(t, "tor_inserts_count", (int64_t)all, "count");
	t_figure(t, "tor_inserts_tid_count", (int64_t)mine, "count");
	CHECK(t, all >= lines || (llc_bytes() >= STREAM_BYTES && !t_on_model()),
	      "reading %llu lines: %llu TOR inserts of IA requests over every CHA (D-75)",
	      (unsigned long long)lines, (unsigned long long)all);
	TRY(t_default(t, "OQ-D18", "the CHA's thread id is bits 9:0 of the APIC id",
		      t_on_model() ? mine == all && all == lines : mine * 2 >= all,
		      "the streaming thread (0x%llx) had %llu of the %llu TOR inserts (D-74)",
		      (unsigned long long)me, (unsigned long long)mine, (unsigned long long)all));
	if (other == me)
		return t_skip(t, "one thread id on the machine: no other thread to filter");
	return t_default(t, "OQ-D18", "the CHA's thread id is bits 9:0 of the APIC id",
			 other_mine == 0 && other_all >= lines / 2,
			 "with the filter naming thread 0x%llx, %llu of %llu TOR inserts counted "
			 "(D-74)", (unsigned long long)other, (unsigned long long)other_mine,
			 (unsigned long long)other_all);
}

static enum verdict cha_tid(struct tctx *t)
{
	const struct disc_machine *m;

	TRY(named(t, &m, "the CHA's filter and TOR event"));
	if (!buffer())
		return t_skip(t, "no %llu MiB for the streaming buffer",
			      (unsigned long long)(STREAM_BYTES >> 20));
	return across(t, m, DS_TYPE_CHA, tid_run);
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
	{ .id = "disc.types.cha-tid", .desc = "CHA: TOR inserts of a streaming read counted with "
	  "FILTER0 naming the streaming thread, then another (D-74, D-75)",
	  .needs = NEED_UNCORE, .run = cha_tid },
	{ .id = "disc.types.ioclk", .desc = "IIO: each unit's free-running clock moves up, also "
	  "under the freeze-all; its rate against the TSC reported (D-72, D-73)",
	  .needs = NEED_UNCORE, .run = ioclk },
};
const struct suite disc_types_suite = SUITE("disc.types", tests);
