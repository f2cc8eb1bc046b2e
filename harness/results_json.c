/* results.json, kept a valid JSON document after every call.
 *
 * The file is head + records + tail. The tail closes the "tests" array and
 * the document ("complete":false); each record is written over the tail
 * together with a fresh copy of it, so the file only ever grows (the UEFI
 * file layer may not shrink a file) and a reset at any point leaves valid
 * JSON with every result reported so far.
 *
 * rfile state: tail is where the tail starts; pos is where the array's
 * content starts, so tail == pos means no record yet (no comma needed).
 * json_end leaves pos at the end of the document. */
#include "harness/results_fmt.h"
#include "lib/platform.h"
#include "pmu/core_enum.h"
#include "pmu/backend/trace.h"

/* results.json's layout (docs/results.schema.json), and the journal's line
 * 0: raised with every change a reader must know of (a field renamed,
 * removed or holding something else); a field added where a reader may
 * ignore it (an optional key the schema declares, as core_pmu's leaf23)
 * keeps it. */
#define RESULTS_SCHEMA_VERSION 2

static const char tail_open[] = "],\"summary\":null,\"complete\":false}\n";
#define TAIL_OPEN_LEN (sizeof(tail_open) - 1)

/* Bytes set aside after the config string in the head: the worst case of
 * everything that follows it is about 1.45 KiB (brand and vendor all
 * escapes, the core PMU's enumeration with leaf 23H's). */
#define HEAD_KEEP 1800
/* Bytes set aside after the reason besides the figures: duration, the
 * closing braces and the tail, or the journal line's check (results.h). */
#define REC_KEEP  160
#define DESC_MAX  512

/* One record is rendered here and written at once; results are written
 * from the BSP only, one at a time (results.json, then the journal). */
char json_scratch[RESULTS_SCRATCH_MAX];

/* \u00XX for control characters and bytes >= 0x7f keeps the output ASCII. */
static size_t escape_char(unsigned char c, char out[6])
{
	static const char hex[] = "0123456789abcdef";

	if (c == '"' || c == '\\') {
		out[0] = '\\';
		out[1] = (char)c;
		return 2;
	}
	if (c < 0x20 || c >= 0x7f) {
		memcpy(out, "\\u00", 4);
		out[4] = hex[c >> 4];
		out[5] = hex[c & 15];
		return 6;
	}
	out[0] = (char)c;
	return 1;
}

size_t json_escape(char *buf, size_t size, const char *s)
{
	size_t len = 0;

	if (!size)
		return 0;
	/* Stop before the first escape that does not fit whole, so a cut
	 * string is still a valid string. */
	for (; *s; s++) {
		char e[6];
		size_t n = escape_char((unsigned char)*s, e);

		if (len + n >= size)
			break;
		memcpy(buf + len, e, n);
		len += n;
	}
	buf[len] = '\0';
	return len;
}

static void put_cpu(struct rbuf *b, const struct run_info *ri)
{
	rbuf_put(b, ",\"cpu\":{\"vendor\":");
	rbuf_jstr(b, ri->cpu_vendor, SIZE_MAX);
	rbuf_printf(b, ",\"signature\":\"0x%08x\",\"family\":%u,\"model\":%u,"
		    "\"stepping\":%u,\"brand\":", ri->signature, ri->family,
		    ri->model, ri->stepping);
	rbuf_jstr(b, ri->brand, SIZE_MAX);
	rbuf_put(b, ",\"hypervisor\":");
	if (ri->hypervisor[0])
		rbuf_jstr(b, ri->hypervisor, SIZE_MAX);
	else
		rbuf_put(b, "null");
	/* IA32_BIOS_SIGN_ID[63:32], null where it could not be read. */
	if (plat_identity()->microcode_known)
		rbuf_printf(b, ",\"microcode\":\"0x%x\"}", (unsigned)plat_identity()->microcode);
	else
		rbuf_put(b, ",\"microcode\":null}");
}

/* ,"leaf23":{...} where CPUID leaf 23H is enumerated (C-64..C-66): sub-leaf
 * 0's EAX (the valid sub-leaves) and EBX (UMASK2 bit 0, EQ bit 1), and
 * sub-leaf 1's counter bitmaps, null unless sub-leaf 0 EAX bit 1 says it
 * is valid (C-64: not bit 0). Absent where the leaf is not. */
static void put_leaf23(struct rbuf *b, const struct core_enum *e)
{
	if (!e->leaf23)
		return;
	rbuf_printf(b, ",\"leaf23\":{\"subleaves\":\"0x%x\",\"sub1\":%s,\"features\":\"0x%x\","
		    "\"umask2\":%s,\"eq\":%s,\"gp_bitmap\":", e->leaf23,
		    core_enum_has_sub1(e) ? "true" : "false", e->leaf23_ext,
		    e->leaf23_ext & CORE_LEAF23_UMASK2 ? "true" : "false",
		    e->leaf23_ext & CORE_LEAF23_EQ ? "true" : "false");
	if (core_enum_has_sub1(e))
		rbuf_printf(b, "\"0x%x\",\"fixed_bitmap\":\"0x%x\"}", e->gp_bitmap,
			    e->fixed_bitmap23);
	else
		rbuf_put(b, "null,\"fixed_bitmap\":null}");
}

/* "core_pmu":{...}: where it comes from and what CPUID.0AH enumerates;
 * in "ebx" a set bit i means event i is NOT available (C-11). */
static void put_core(struct rbuf *b, const struct run_info *ri)
{
	const struct core_enum *e = &ri->core;

	rbuf_put(b, ",\"core_pmu\":{\"source\":");
	rbuf_jstr(b, ri->core_pmu ? ri->core_pmu : "none", RESULTS_WORD_MAX);
	rbuf_put(b, ",\"shape\":");
	if (ri->core_shape)
		rbuf_jstr(b, ri->core_shape, RESULTS_WORD_MAX);
	else
		rbuf_put(b, "null");
	rbuf_printf(b, ",\"version\":%u,\"gp_counters\":%u,\"gp_width\":%u,"
		    "\"fixed_counters\":%u,\"fixed_width\":%u,\"ebx_length\":%u,"
		    "\"ebx\":\"0x%x\",\"ebx_set_means\":\"not available\","
		    "\"perf_capabilities\":", e->version, e->ngp, e->gp_width, e->nfixed,
		    e->fixed_width, e->ebx_len, e->ebx);
	if (e->caps_read)
		rbuf_printf(b, "\"0x%llx\"", (unsigned long long)e->perf_caps);
	else
		rbuf_put(b, "null");
	put_leaf23(b, e);
	rbuf_put(b, "}");
}

/* A string, or null for "" (not given, not read). */
static void put_str_or_null(struct rbuf *b, const char *s)
{
	if (s[0])
		rbuf_jstr(b, s, SIZE_MAX);
	else
		rbuf_put(b, "null");
}

/* ,"NAME":{"k0":..,"k1":..,"k2":..} of one SMBIOS structure, or null when
 * the table has none of its type. */
static void put_smbios_strs(struct rbuf *b, const char *name, const struct smbios_strs *st,
			    const char *const keys[3])
{
	rbuf_printf(b, ",\"%s\":", name);
	if (!st->present) {
		rbuf_put(b, "null");
		return;
	}
	for (int i = 0; i < 3; i++) {
		rbuf_printf(b, "%s\"%s\":", i ? "," : "{", keys[i]);
		put_str_or_null(b, st->s[i]);
	}
	rbuf_put(b, "}");
}

/* The date and the SMBIOS identity (lib/identity.h); strings at most
 * IDENT_STR bytes of printable ASCII, so each fits twice escaped. */
static void put_identity(struct rbuf *b, const struct plat_identity *id)
{
	static const char *const fw[3] = { "vendor", "version", "date" };
	static const char *const who[3] = { "manufacturer", "product", "serial" };
	const struct smbios_ident *sm = &id->smbios;

	rbuf_put(b, ",\"date_utc\":");
	put_str_or_null(b, id->date_utc);
	if (id->tz_minutes == TZ_UNSPECIFIED)
		rbuf_put(b, ",\"clock_time_zone_min\":null");
	else
		rbuf_printf(b, ",\"clock_time_zone_min\":%d", id->tz_minutes);
	rbuf_put(b, ",\"smbios\":");
	if (!sm->version[0]) {
		rbuf_put(b, "null");
		return;
	}
	rbuf_put(b, "{\"version\":");
	rbuf_jstr(b, sm->version, SIZE_MAX);
	put_smbios_strs(b, "firmware", &sm->firmware, fw);
	put_smbios_strs(b, "system", &sm->system, who);
	put_smbios_strs(b, "board", &sm->board, who);
	rbuf_put(b, "}");
}

/* ,"config_ignored":["message",...]: what the config parsers ignored, as
 * the closing lines repeat it (cfg_say_ignored), in the room left. */
static void put_ignored(struct rbuf *b, const struct cfg *c)
{
	char more[64];
	unsigned i;

	rbuf_put(b, ",\"config_ignored\":[");
	for (i = 0; i < c->ignored && i < CFG_IGNORED_KEEP; i++) {
		rbuf_put(b, i ? "," : "");
		rbuf_jstr(b, c->ignored_msg[i], rbuf_room(b, HEAD_KEEP));
	}
	if (c->ignored > CFG_IGNORED_KEEP) {
		snprintf(more, sizeof(more), "%u more (their messages are at the start)",
			 c->ignored - CFG_IGNORED_KEEP);
		rbuf_put(b, ",");
		rbuf_jstr(b, more, rbuf_room(b, HEAD_KEEP));
	}
	rbuf_put(b, "]");
}

/* ,"config":{"key":"value",...}: every described key of the effective
 * configuration (plat_config, the session's) with its value as the config
 * file writes it; never cut (RESULTS_HEAD_MAX holds cfg_describe's worst
 * case escaped, which holds these values). */
static void put_config(struct rbuf *b, const struct cfg *c)
{
	static char val[CFG_DESCRIBE_MAX];
	const char *key;
	size_t len;

	rbuf_put(b, ",\"config\":{");
	for (unsigned i = 0; (key = cfg_pair(c, i, val, sizeof(val), &len)); i++) {
		rbuf_printf(b, "%s\"%s\":", i ? "," : "", key);
		rbuf_jstr(b, val, rbuf_room(b, HEAD_KEEP));
	}
	rbuf_put(b, "}");
	put_ignored(b, c);
}

void json_put_head(struct rbuf *b, const struct run_info *ri)
{
	rbuf_printf(b, "\"schema_version\":%d,", RESULTS_SCHEMA_VERSION);
	rbuf_put(b, "\"harness\":\"uncore-harness\",\"version\":");
	rbuf_jstr(b, str_or_empty(ri->version), RESULTS_WORD_MAX);
	rbuf_put(b, ",\"run\":");
	rbuf_jstr(b, str_or_empty(ri->run), RESULTS_WORD_MAX);
	rbuf_put(b, ",\"tag\":");
	rbuf_jstr(b, str_or_empty(ri->tag), RESULTS_WORD_MAX);
	put_identity(b, plat_identity());
	put_config(b, plat_config());
	put_cpu(b, ri);
	rbuf_printf(b, ",\"cpus\":%u,\"packages\":%u,\"apic_mode\":",
		    ri->ncpus, ri->npackages);
	rbuf_jstr(b, str_or_empty(ri->apic_mode), RESULTS_WORD_MAX);
	rbuf_put(b, ",\"backend\":");
	rbuf_jstr(b, str_or_empty(ri->backend), RESULTS_WORD_MAX);
	rbuf_put(b, ",\"uncore\":");
	rbuf_jstr(b, str_or_empty(ri->uncore), RESULTS_WORD_MAX);
	put_core(b, ri);
	/* What a PASS vouches for: the emulated backend validates the harness. */
	rbuf_put(b, results_emulated(ri) ? ",\"validates\":\"harness\""
					 : ",\"validates\":\"silicon\"");
	rbuf_printf(b, ",\"tsc_hz\":%llu", (unsigned long long)ri->tsc_hz);
}

/* b holds "{" and the head: the tests array opened, the tail after it. */
static void begin_with(struct rfile *f, struct rbuf *b)
{
	uint64_t start;

	rbuf_put(b, ",\"tests\":[");
	start = f->pos + b->len;
	rbuf_putn(b, tail_open, TAIL_OPEN_LEN);
	rfile_commit(f, f->pos, b);
	f->pos = f->tail = start;
}

void json_begin(struct rfile *f, const struct run_info *ri)
{
	struct rbuf b = { .p = json_scratch, .size = RESULTS_HEAD_MAX, .len = 0 };

	rbuf_put(&b, "{");
	json_put_head(&b, ri);
	begin_with(f, &b);
}

void json_begin_raw(struct rfile *f, const char *head, size_t n)
{
	struct rbuf b = { .p = json_scratch, .size = RESULTS_HEAD_MAX, .len = 0 };

	rbuf_put(&b, "{");
	rbuf_putn(&b, head, n);
	begin_with(f, &b);
}

/* "value":V,"unit":U} of one figure entry, with "expected":E,"tolerance":T
 * before the brace where the test gave them. */
static void put_value(struct rbuf *b, const struct figure *fig)
{
	rbuf_printf(b, "\"value\":%lld,\"unit\":", (long long)fig->value);
	rbuf_jstr(b, fig->unit, SIZE_MAX);
	if (fig->has_expect)
		rbuf_printf(b, ",\"expected\":%lld,\"tolerance\":%lld", (long long)fig->expected,
			    (long long)fig->tol);
	rbuf_put(b, "}");
}

/* "name":{"value":V,"unit":U} for a plain figure; an indexed name is an
 * array of its entries, "name":[{"core":0,"value":V,"unit":U},...], the
 * index a number ("box": the box's name, a string). */
static void put_figure(struct rbuf *b, const struct tresult *r, unsigned first, unsigned count)
{
	const struct figure *fig = &r->figs[first];
	unsigned j = first, k = 0;

	rbuf_jstr(b, fig->name, SIZE_MAX);
	if (count == 1 && fig->key == FIG_PLAIN) {
		rbuf_put(b, ":{");
		put_value(b, fig);
		return;
	}
	rbuf_put(b, ":[");
	for (; fig_next_of_name(r, first, &j); j++, k++) {
		fig = &r->figs[j];
		rbuf_put(b, k ? ",{" : "{");
		if (fig->key == FIG_BOX) {
			rbuf_put(b, "\"box\":");
			rbuf_jstr(b, fig->at, SIZE_MAX);
			rbuf_put(b, ",");
		} else if (fig->key != FIG_PLAIN) {
			rbuf_printf(b, "\"%s\":%s,", fig_key_word(fig->key), fig->at);
		}
		put_value(b, fig);
	}
	rbuf_put(b, "]");
}

/* One access: ["rd",cpu,"0xMSR","name","0xVALUE"] (value null on a fault,
 * with the fault as a sixth element); a PCI or MMIO access has its address
 * as the trace line gives it ("pci 0000:7f:10.0+0xf4/4"). */
static bool put_access(struct rbuf *b, const struct msr_trace *e)
{
	char name[48], where[48];

	pmu_trace_name(e, name, sizeof(name));
	pmu_trace_where(e, where, sizeof(where));
	if (e->rc)
		return rbuf_printf(b, "[\"%s\",%u,\"%s\",\"%s\",null,%d]",
				   e->write ? "wr" : "rd", e->cpu, where, name, e->rc);
	return rbuf_printf(b, "[\"%s\",%u,\"%s\",\"%s\",\"0x%llx\"]",
			   e->write ? "wr" : "rd", e->cpu, where, name,
			   (unsigned long long)e->val);
}

/* ,"trace":[...],"trace_dropped":N, cut (and counted as dropped) where
 * the record runs out of room. */
static void put_trace(struct rbuf *b, const struct tresult *r, size_t keep)
{
	unsigned i, dropped = r->trace_dropped;

	if (!r->ntrace && !dropped)
		return;
	rbuf_put(b, ",\"trace\":[");
	for (i = 0; i < r->ntrace; i++) {
		size_t mark = b->len;

		if ((i && !rbuf_put(b, ",")) || !put_access(b, &r->trace[i]) ||
		    rbuf_room(b, keep) == 0) {
			b->len = mark;
			dropped += r->ntrace - i;
			break;
		}
	}
	rbuf_printf(b, "],\"trace_dropped\":%u", dropped);
}

/* ,"open_questions":[{"id":..,"default":..,"held":..,"checks":N,
 * "misses":N,"seen":".."|null},...] of the questions the test checked
 * (t_default), "open_questions_dropped":N after it where some did not fit
 * the test's entries; nothing for a test that checked none. */
static void put_observations(struct rbuf *b, const struct tresult *r)
{
	unsigned i, n = 0, dropped = r->obs_dropped;

	if (!r->nobs && !dropped)
		return;
	rbuf_put(b, ",\"open_questions\":[");
	for (i = 0; i < r->nobs; i++) {
		const struct observation *o = &r->obs[i];
		char one[RESULTS_OQ_MAX];
		struct rbuf e = RBUF(one);

		/* Each entry whole or not at all: one that does not fit beside
		 * the closing bracket and the count is counted dropped. */
		rbuf_put(&e, n ? ",{\"id\":" : "{\"id\":");
		rbuf_jstr(&e, o->oq, 3 * T_OQ_LEN);
		rbuf_put(&e, ",\"default\":");
		rbuf_jstr(&e, o->want, 2 * T_WANT_LEN);
		rbuf_printf(&e, ",\"held\":%s,\"checks\":%u,\"misses\":%u,\"seen\":",
			    o->misses ? "false" : "true", o->checks, o->misses);
		if (o->misses)
			rbuf_jstr(&e, o->seen, 2 * T_SEEN_LEN);
		else
			rbuf_put(&e, "null");
		rbuf_put(&e, "}");
		if (rbuf_room(b, 48) >= e.len && rbuf_putn(b, one, e.len))
			n++;
		else
			dropped++;
	}
	rbuf_put(b, "]");
	if (dropped)
		rbuf_printf(b, ",\"open_questions_dropped\":%u", dropped);
}

void json_put_record(struct rbuf *b, const struct tresult *r)
{
	char figs[RESULTS_FIGS_MAX], obs[RESULTS_OBS_MAX];
	struct rbuf fb = RBUF(figs), ob = RBUF(obs);
	size_t size = b->size;

	/* Figures and observations first: they are measurements, so when
	 * space runs out it is the reason text that gets cut, not them. */
	rbuf_figures(&fb, r, ",", put_figure);
	put_observations(&ob, r);
	if (b->size > b->len + RESULTS_REC_MAX)
		b->size = b->len + RESULTS_REC_MAX;
	rbuf_put(b, "{\"id\":");
	rbuf_jstr(b, str_or_empty(r->test->id), RESULTS_ID_MAX);
	rbuf_put(b, ",\"description\":");
	rbuf_jstr(b, str_or_empty(r->test->desc), DESC_MAX);
	rbuf_printf(b, ",\"iteration\":%u,", r->iteration);
	if (r->pass) /* emu.fault.each=: its pass's defect */
		rbuf_printf(b, "\"pass\":\"%s\",", r->pass);
	if (r->core_type) /* C-61: the core type and CPU a core test ran on */
		rbuf_printf(b, "\"core_type\":\"%s\",\"cpu\":%u,", core_type_name(r->core_type),
			    r->cpu);
	rbuf_printf(b, "\"verdict\":\"%s\",\"reason\":", verdict_word(r->verdict));
	rbuf_jstr(b, r->reason, rbuf_room(b, fb.len + ob.len + REC_KEEP));
	rbuf_printf(b, ",\"duration_us\":%llu,\"figures\":{%.*s}%.*s",
		    (unsigned long long)r->duration_us, (int)fb.len, figs, (int)ob.len, obs);
	b->size = size; /* the trace has room of its own */
	put_trace(b, r, REC_KEEP);
	rbuf_put(b, "}");
}

/* b holds the record (after its comma): written over the tail with a
 * fresh tail after it. */
static void commit_record(struct rfile *f, struct rbuf *b)
{
	rbuf_putn(b, tail_open, TAIL_OPEN_LEN);
	rfile_commit(f, f->tail, b);
	f->tail += b->len - TAIL_OPEN_LEN;
}

void json_result(struct rfile *f, const struct tresult *r)
{
	struct rbuf b = { .p = json_scratch, .size = RESULTS_SCRATCH_MAX, .len = 0 };

	if (f->tail != f->pos)
		rbuf_put(&b, ",");
	json_put_record(&b, r);
	commit_record(f, &b);
}

void json_result_raw(struct rfile *f, const char *rec, size_t n)
{
	struct rbuf b = { .p = json_scratch, .size = RESULTS_SCRATCH_MAX, .len = 0 };

	if (f->tail != f->pos)
		rbuf_put(&b, ",");
	rbuf_putn(&b, rec, n);
	commit_record(f, &b);
}

void json_put_summary(struct rbuf *b, const struct tally *t)
{
	rbuf_printf(b, "{\"passed\":%u,\"failed\":%u,\"skipped\":%u,\"xfail\":%u,"
		    "\"error\":%u,\"not_applicable\":%u,\"planned\":%u,\"elapsed_us\":%lu}",
		    t->n[V_PASS], t->n[V_FAIL], t->n[V_SKIP], t->n[V_XFAIL], t->n[V_ERROR],
		    t->n[V_NA], t->planned, (unsigned long)t->elapsed_us);
}

void json_end(struct rfile *f, const struct tally *t)
{
	char tail[256];
	struct rbuf b = RBUF(tail);

	rbuf_put(&b, "],\"summary\":");
	json_put_summary(&b, t);
	rbuf_put(&b, ",\"complete\":true}");
	/* The file cannot shrink, so the new tail must cover the old one:
	 * pad with whitespace (legal JSON) should it ever be shorter. */
	while (b.len + 1 < TAIL_OPEN_LEN)
		rbuf_put(&b, " ");
	rbuf_put(&b, "\n");
	rfile_commit(f, f->tail, &b);
	f->pos = f->tail + b.len;
}
