/* results.tap: TAP version 13, appended one record per call. The plan line
 * goes at the end (TAP allows a trailing plan), so a file cut short by a
 * hang or reset reads as an incomplete run rather than a wrong one. */
#include "harness/results_fmt.h"
#include "lib/platform.h"
#include "pmu/core_enum.h"

/* Bytes set aside after a YAML message besides the figures: severity,
 * duration, iteration, the "figures:" and "open_questions:" keys and the
 * block end. */
#define YAML_KEEP 128

/* Append one line, cut to fit, with control characters turned into spaces
 * and non-ASCII into '?': a reason or config value can then never break
 * the line structure TAP is parsed by. */
static void tap_line(struct rbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void tap_line(struct rbuf *b, const char *fmt, ...)
{
	size_t room = rbuf_room(b, 0), start = b->len, i;
	va_list ap;
	int n;

	if (room < 2)
		return;
	/* vsnprintf gets room - 1 bytes; the newline takes its NUL's slot. */
	va_start(ap, fmt);
	n = vsnprintf(b->p + start, room - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	b->len += (size_t)n < room - 2 ? (size_t)n : room - 2;
	for (i = start; i < b->len; i++) {
		unsigned char c = (unsigned char)b->p[i];

		if (c < 0x20 || c == 0x7f)
			b->p[i] = ' ';
		else if (c >= 0x80)
			b->p[i] = '?';
	}
	b->p[b->len++] = '\n';
}

/* FAIL and ERROR carry a YAML message; TAP counts both as "not ok". */
static bool is_failure(enum verdict v)
{
	return v == V_FAIL || v == V_ERROR;
}

static void append(struct rfile *f, const struct rbuf *b)
{
	rfile_append(f, b->p, b->len);
}

static const char *or_none(const char *s)
{
	return s && *s ? s : "(none)";
}

void tap_begin(struct rfile *f, const struct run_info *ri)
{
	char core[384], val[3 * IDENT_STR + 48];
	/* The config is never cut: RESULTS_HEAD_MAX holds its worst case. */
	struct rbuf b = { .p = json_scratch, .size = RESULTS_HEAD_MAX, .len = 0 };
	const int w = RESULTS_WORD_MAX;
	const char *key;

	tap_line(&b, "TAP version 13");
	tap_line(&b, "# uncore-harness %.*s", w, str_or_empty(ri->version));
	tap_line(&b, "# cpu: %s signature 0x%x family 0x%x model 0x%x stepping 0x%x",
		 ri->cpu_vendor, ri->signature, ri->family, ri->model,
		 ri->stepping);
	tap_line(&b, "# brand: %s", ri->brand);
	tap_line(&b, "# hypervisor: %s",
		 ri->hypervisor[0] ? ri->hypervisor : "bare metal");
	/* The identity the banner and results.json carry, so that a bug report names the machine, one
	 * "# key: value" a pair: date, microcode, firmware, system, board. */
	for (int i = 0; ident_pair(plat_identity(), i, &key, val, sizeof(val)); i++)
		tap_line(&b, "# %s: %s", key, val);
	tap_line(&b, "# cpus: %u, packages: %u", ri->ncpus, ri->npackages);
	tap_line(&b, "# apic mode: %.*s", w, str_or_empty(ri->apic_mode));
	tap_line(&b, "# backend: %.*s%s", w, str_or_empty(ri->backend),
		 results_emulated(ri) ? " (emulated PMUs: results validate the harness, "
		 "not silicon)" : "");
	tap_line(&b, "# uncore: %.*s", w, or_none(ri->uncore));
	core_enum_summary(ri->core_pmu ? ri->core_pmu : "none", ri->core_shape, &ri->core, core,
			  sizeof(core));
	tap_line(&b, "# core PMU: %s", core);
	tap_line(&b, "# tsc_hz: %llu", (unsigned long long)ri->tsc_hz);
	tap_line(&b, "# tag: %.*s", w, or_none(ri->tag));
	tap_line(&b, "# config: %s", or_none(ri->config));
	/* What the config parsers ignored, as the closing lines repeat it. */
	for (unsigned i = 0; i < plat_config()->ignored && i < CFG_IGNORED_KEEP; i++)
		tap_line(&b, "# config ignored: %s", plat_config()->ignored_msg[i]);
	append(f, &b);
}

static void status_line(struct rbuf *b, const struct tresult *r)
{
	enum verdict v = r->verdict;
	/* TAP has no "not applicable": a SKIP whose reason starts "N/A: ",
	 * which every consumer accepts as a skip and a reader can tell apart. */
	const char *dir = v == V_SKIP ? " # SKIP" : v == V_NA ? " # SKIP N/A:" :
			  v == V_XFAIL ? " # TODO" : "";
	const char *why = *dir ? r->reason : "";

	char at[40] = "";

	if (r->core_type) /* C-61: which core type's run of a core test */
		snprintf(at, sizeof(at), " [%s cpu %u]", core_type_name(r->core_type), r->cpu);
	tap_line(b, "%s %u - %.*s%s%s%s%s", v == V_PASS || v == V_SKIP || v == V_NA ? "ok" : "not ok",
		 r->index, RESULTS_ID_MAX, str_or_empty(r->test->id), at, dir,
		 *why ? " " : "", why);
}

/* One YAML list item per entry of the name, its index (if any) a key of
 * the item as in results.json: core: 0, box: "C0". */
static void put_figure(struct rbuf *b, const struct tresult *r, unsigned first, unsigned count)
{
	unsigned j = first;

	(void)count;
	for (; fig_next_of_name(r, first, &j); j++) {
		const struct figure *fig = &r->figs[j];

		rbuf_put(b, "    - name: ");
		rbuf_jstr(b, fig->name, SIZE_MAX);
		if (fig->key == FIG_BOX) {
			rbuf_put(b, "\n      box: ");
			rbuf_jstr(b, fig->at, SIZE_MAX);
		} else if (fig->key != FIG_PLAIN) {
			rbuf_printf(b, "\n      %s: %s", fig_key_word(fig->key), fig->at);
		}
		rbuf_printf(b, "\n      value: %lld\n      unit: ", (long long)fig->value);
		rbuf_jstr(b, fig->unit, SIZE_MAX);
		rbuf_put(b, "\n");
		if (fig->has_expect)
			rbuf_printf(b, "      expected: %lld\n      tolerance: %lld\n",
				    (long long)fig->expected, (long long)fig->tol);
	}
}

/* One YAML list item per open question the test checked (t_default),
 * keys as in results.json; each item whole or counted dropped. */
static void put_observations(struct rbuf *b, const struct tresult *r)
{
	unsigned i, dropped = r->obs_dropped;

	for (i = 0; i < r->nobs; i++) {
		const struct observation *o = &r->obs[i];
		char one[RESULTS_OQ_MAX];
		struct rbuf e = RBUF(one);

		rbuf_put(&e, "    - id: ");
		rbuf_jstr(&e, o->oq, 3 * T_OQ_LEN);
		rbuf_put(&e, "\n      default: ");
		rbuf_jstr(&e, o->want, 2 * T_WANT_LEN);
		rbuf_printf(&e, "\n      held: %s\n      checks: %u\n      misses: %u\n",
			    o->misses ? "false" : "true", o->checks, o->misses);
		if (o->misses) {
			rbuf_put(&e, "      seen: ");
			rbuf_jstr(&e, o->seen, 2 * T_SEEN_LEN);
			rbuf_put(&e, "\n");
		}
		if (rbuf_room(b, 48) < e.len || !rbuf_putn(b, one, e.len))
			dropped++;
	}
	if (dropped)
		rbuf_printf(b, "    # %u more not recorded\n", dropped);
}

/* The YAML diagnostic block; figs holds the rendered figure list, obs the
 * open questions'. */
static void yaml_block(struct rbuf *b, const struct tresult *r,
		       const struct rbuf *figs, const struct rbuf *obs)
{
	unsigned long long us = r->duration_us;

	rbuf_put(b, "  ---\n");
	if (is_failure(r->verdict)) {
		rbuf_put(b, "  message: ");
		rbuf_jstr(b, r->reason, rbuf_room(b, figs->len + obs->len + YAML_KEEP));
		rbuf_printf(b, "\n  severity: %s\n",
			    r->verdict == V_ERROR ? "error" : "fail");
	}
	rbuf_printf(b, "  duration_ms: %llu.%03llu\n", us / 1000, us % 1000);
	if (r->iteration > 1)
		rbuf_printf(b, "  iteration: %u\n", r->iteration);
	if (r->pass)
		rbuf_printf(b, "  pass: %s\n", r->pass);
	if (figs->len)
		rbuf_printf(b, "  figures:\n%.*s", (int)figs->len, figs->p);
	if (obs->len)
		rbuf_printf(b, "  open_questions:\n%.*s", (int)obs->len, obs->p);
	rbuf_put(b, "  ...\n");
}

void tap_result(struct rfile *f, const struct tresult *r)
{
	char buf[RESULTS_REC_MAX], figs[RESULTS_FIGS_MAX], obs[RESULTS_OBS_MAX];
	struct rbuf b = RBUF(buf), fb = RBUF(figs), ob = RBUF(obs);

	status_line(&b, r);
	rbuf_figures(&fb, r, "", put_figure);
	put_observations(&ob, r);
	if (is_failure(r->verdict) || r->nfigs || ob.len)
		yaml_block(&b, r, &fb, &ob);
	append(f, &b);
}

void tap_end(struct rfile *f, const struct tally *t)
{
	char buf[256];
	struct rbuf b = RBUF(buf);
	unsigned ran = 0, v;

	/* The plan counts the test points actually written: every result
	 * lands in exactly one tally bucket. */
	for (v = 0; v < V_COUNT; v++)
		ran += t->n[v];
	/* Comments before the plan: a trailing plan must be the last line
	 * (tappy rejects anything after it). */
	tap_line(&b, "# ran %u, planned %u", ran, t->planned);
	tap_line(&b, "# passed %u, failed %u, skipped %u, xfail %u, error %u, not applicable %u",
		 t->n[V_PASS], t->n[V_FAIL], t->n[V_SKIP], t->n[V_XFAIL],
		 t->n[V_ERROR], t->n[V_NA]);
	tap_line(&b, "1..%u", ran);
	append(f, &b);
}
