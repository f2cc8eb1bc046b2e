/* Result writers (TAP and JSON) against a memory-backed rfile: exact TAP
 * text, JSON validity after every single call (checked by a strict parser
 * below), escaping, truncation, and write/flush failure handling. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <ctype.h>
#include <stdlib.h>
#include <cmocka.h>
#include "../../pmu/trace.h"

#include "tests/fw/results.h"

/* ---- memory-backed rfile ---------------------------------------------- */

struct mem {
	char *p;               /* always NUL-terminated at len */
	size_t len, cap;
	unsigned writes, flushes;
	unsigned fail_write;   /* this (1-based) write fails; 0: none does */
	bool fail_flush;
	size_t flushed_len;    /* len at the last successful flush */
};

static int mem_write_at(void *h, uint64_t off, const void *buf, size_t n)
{
	struct mem *m = h;
	size_t end = (size_t)off + n;

	if (++m->writes == m->fail_write)
		return -1;
	if (end + 1 > m->cap) {
		m->cap = 2 * (end + 1);
		m->p = realloc(m->p, m->cap);
		assert_non_null(m->p);
	}
	if (off > m->len)
		memset(m->p + m->len, 0, off - m->len);
	memcpy(m->p + off, buf, n);
	if (end > m->len)
		m->len = end;
	m->p[m->len] = '\0';
	return 0;
}

static int mem_flush(void *h)
{
	struct mem *m = h;

	if (m->fail_flush)
		return -1;
	m->flushes++;
	m->flushed_len = m->len;
	return 0;
}

static struct rfile mem_file(struct mem *m)
{
	struct rfile f = { mem_write_at, mem_flush, m, 0, 0, false };

	memset(m, 0, sizeof(*m));
	m->cap = 1;
	m->p = calloc(1, 1);
	return f;
}

static void mem_teardown(struct mem *m)
{
	free(m->p);
}

/* ---- strict JSON validator (RFC 8259 grammar, ASCII only) ------------- */

struct jp {
	const char *s;
	size_t n, i;
	int depth;
};

static bool jv_value(struct jp *p);

static int jv_peek(const struct jp *p)
{
	return p->i < p->n ? (unsigned char)p->s[p->i] : -1;
}

static void jv_ws(struct jp *p)
{
	while (jv_peek(p) > 0 && strchr(" \t\n\r", jv_peek(p)))
		p->i++;
}

static bool jv_eat(struct jp *p, int c)
{
	if (jv_peek(p) != c)
		return false;
	p->i++;
	return true;
}

static bool jv_lit(struct jp *p, const char *w)
{
	size_t n = strlen(w);

	if (p->n - p->i < n || memcmp(p->s + p->i, w, n))
		return false;
	p->i += n;
	return true;
}

static bool jv_string(struct jp *p)
{
	if (!jv_eat(p, '"'))
		return false;
	for (;;) {
		int c = jv_peek(p);

		if (c < 0x20 || c >= 0x80) /* also end of input (-1) */
			return false;
		p->i++;
		if (c == '"')
			return true;
		if (c != '\\')
			continue;
		c = jv_peek(p);
		p->i++;
		if (c == 'u') {
			for (int k = 0; k < 4; k++, p->i++)
				if (jv_peek(p) < 0 || !isxdigit(jv_peek(p)))
					return false;
		} else if (c <= 0 || !strchr("\"\\/bfnrt", c)) {
			return false;
		}
	}
}

static bool jv_digits(struct jp *p)
{
	size_t start = p->i;

	while (jv_peek(p) >= '0' && jv_peek(p) <= '9')
		p->i++;
	return p->i > start;
}

static bool jv_number(struct jp *p)
{
	jv_eat(p, '-');
	if (!jv_eat(p, '0') && !(jv_peek(p) >= '1' && jv_peek(p) <= '9' && jv_digits(p)))
		return false;
	if (jv_eat(p, '.') && !jv_digits(p))
		return false;
	if (jv_eat(p, 'e') || jv_eat(p, 'E')) {
		if (!jv_eat(p, '+'))
			jv_eat(p, '-');
		if (!jv_digits(p))
			return false;
	}
	return true;
}

/* Members of an object (key: value) or elements of an array. */
static bool jv_items(struct jp *p, int close, bool keyed)
{
	jv_ws(p);
	if (jv_eat(p, close))
		return true;
	for (;;) {
		if (keyed) {
			if (!jv_string(p))
				return false;
			jv_ws(p);
			if (!jv_eat(p, ':'))
				return false;
		}
		if (!jv_value(p))
			return false;
		jv_ws(p);
		if (jv_eat(p, close))
			return true;
		if (!jv_eat(p, ','))
			return false;
		jv_ws(p);
	}
}

static bool jv_value(struct jp *p)
{
	bool ok;

	jv_ws(p);
	if (++p->depth > 32)
		return false;
	switch (jv_peek(p)) {
	case '{': p->i++; ok = jv_items(p, '}', true); break;
	case '[': p->i++; ok = jv_items(p, ']', false); break;
	case '"': ok = jv_string(p); break;
	case 't': ok = jv_lit(p, "true"); break;
	case 'f': ok = jv_lit(p, "false"); break;
	case 'n': ok = jv_lit(p, "null"); break;
	default: ok = jv_number(p); break;
	}
	p->depth--;
	return ok;
}

static bool json_valid(const char *s, size_t n)
{
	struct jp p = { s, n, 0, 0 };

	if (!jv_value(&p))
		return false;
	jv_ws(&p);
	return p.i == n;
}

static void assert_json(const struct mem *m)
{
	if (!json_valid(m->p, m->len))
		fail_msg("invalid JSON (%zu bytes):\n%s", m->len, m->p);
	/* Whatever was written is durable: write, then flush. */
	assert_int_equal(m->flushed_len, m->len);
}

/* ---- fixtures ----------------------------------------------------------- */

static const struct test tests[] = {
	{ "a.pass.plain", "passes", 0, NULL },
	{ "a.pass.figs", "passes with figures", 0, NULL },
	{ "a.fail", "fails", 0, NULL },
	{ "a.skip", "skips", 0, NULL },
	{ "a.xfail", "known bad", 0, NULL },
	{ "a.error", "harness error", 0, NULL },
};

static const struct run_info info = {
	.version = "v1.2-3-gabc",
	.cpu_vendor = "GenuineIntel",
	.family = 6, .model = 26, .stepping = 5, .signature = 0x106a5,
	.brand = "Intel(R) Xeon(R) CPU X5550 @ 2.67GHz",
	.hypervisor = "",
	.ncpus = 8, .npackages = 2,
	.apic_mode = "xAPIC",
	.backend = "hw",
	.uncore = "nhm",
	.tsc_hz = 2666000000ULL,
	.config = "tests=* repeat=1",
	.tag = "lab1",
};

static struct tresult mk(unsigned idx, enum verdict v, const char *reason,
			 uint64_t us)
{
	struct tresult r;

	memset(&r, 0, sizeof(r));
	r.test = &tests[idx - 1];
	r.index = idx;
	r.iteration = 1;
	r.verdict = v;
	snprintf(r.reason, sizeof(r.reason), "%s", reason);
	r.duration_us = us;
	return r;
}

static void add_fig(struct tresult *r, const char *name, int64_t value,
		    const char *unit)
{
	struct figure *fg = &r->figs[r->nfigs++];

	snprintf(fg->name, sizeof(fg->name), "%s", name);
	fg->value = value;
	snprintf(fg->unit, sizeof(fg->unit), "%s", unit);
}

/* The six results of the sample run, one of each kind. */
static void sample_run(struct tresult out[6], struct tally *t)
{
	out[0] = mk(1, V_PASS, "", 10);
	out[1] = mk(2, V_PASS, "", 1234);
	out[1].iteration = 2;
	add_fig(&out[1], "lat", 42, "ns");
	add_fig(&out[1], "delta", -7, "");
	out[2] = mk(3, V_FAIL, "expected 1, got \"2\"", 50);
	out[3] = mk(4, V_SKIP, "needs 2 packages", 0);
	out[4] = mk(5, V_XFAIL, "known erratum", 3);
	out[5] = mk(6, V_ERROR, "timeout", 5000000);
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < 6; i++)
		t->n[out[i].verdict]++;
	t->planned = 6;
}

/* ---- TAP ---------------------------------------------------------------- */

static const char tap_expected[] =
	"TAP version 13\n"
	"# uncore-harness v1.2-3-gabc\n"
	"# cpu: GenuineIntel signature 0x106a5 family 0x6 model 0x1a stepping 0x5\n"
	"# brand: Intel(R) Xeon(R) CPU X5550 @ 2.67GHz\n"
	"# hypervisor: bare metal\n"
	"# cpus: 8, packages: 2\n"
	"# apic mode: xAPIC\n"
	"# backend: hw\n"
	"# uncore: nhm\n"
	"# tsc_hz: 2666000000\n"
	"# tag: lab1\n"
	"# config: tests=* repeat=1\n"
	"ok 1 - a.pass.plain\n"
	"ok 2 - a.pass.figs\n"
	"  ---\n"
	"  duration_ms: 1.234\n"
	"  iteration: 2\n"
	"  figures:\n"
	"    - name: \"lat\"\n"
	"      value: 42\n"
	"      unit: \"ns\"\n"
	"    - name: \"delta\"\n"
	"      value: -7\n"
	"      unit: \"\"\n"
	"  ...\n"
	"not ok 3 - a.fail\n"
	"  ---\n"
	"  message: \"expected 1, got \\\"2\\\"\"\n"
	"  severity: fail\n"
	"  duration_ms: 0.050\n"
	"  ...\n"
	"ok 4 - a.skip # SKIP needs 2 packages\n"
	"not ok 5 - a.xfail # TODO known erratum\n"
	"not ok 6 - a.error\n"
	"  ---\n"
	"  message: \"timeout\"\n"
	"  severity: error\n"
	"  duration_ms: 5000.000\n"
	"  ...\n"
	"1..6\n"
	"# ran 6, planned 6\n"
	"# passed 2, failed 1, skipped 1, xfail 1, error 1\n";

static void tap_sample_run_exact(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	(void)state;

	sample_run(r, &t);
	tap_begin(&f, &info);
	assert_int_equal(m.flushes, 1);
	for (int i = 0; i < 6; i++) {
		tap_result(&f, &r[i]);
		assert_int_equal(m.flushes, i + 2);
		assert_int_equal(m.flushed_len, m.len);
	}
	tap_end(&f, &t);
	assert_false(f.failed);
	assert_int_equal(m.flushed_len, m.len);
	assert_int_equal(f.pos, m.len);
	assert_string_equal(m.p, tap_expected);
	mem_teardown(&m);
}

static void tap_banner_hypervisor_and_empty_tag(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct run_info ri = info;
	(void)state;

	snprintf(ri.hypervisor, sizeof(ri.hypervisor), "KVMKVMKVM");
	ri.tag = "";
	ri.config = NULL;
	tap_begin(&f, &ri);
	assert_non_null(strstr(m.p, "\n# hypervisor: KVMKVMKVM\n"));
	assert_non_null(strstr(m.p, "\n# tag: (none)\n"));
	assert_non_null(strstr(m.p, "\n# config: (none)\n"));
	mem_teardown(&m);
}

/* A reason with line breaks or non-ASCII must not break the TAP lines;
 * a directive without a reason gets no dangling space. */
static void tap_line_structure(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult skip = mk(4, V_SKIP, "two\nlines\t\x80", 0);
	struct tresult bad = mk(3, V_FAIL, "a\nb\\", 0);
	struct tresult xf = mk(5, V_XFAIL, "", 0);
	(void)state;

	tap_result(&f, &skip);
	tap_result(&f, &bad);
	tap_result(&f, &xf);
	assert_string_equal(m.p,
		"ok 4 - a.skip # SKIP two lines ?\n"
		"not ok 3 - a.fail\n"
		"  ---\n"
		"  message: \"a\\u000ab\\\\\"\n"
		"  severity: fail\n"
		"  duration_ms: 0.000\n"
		"  ...\n"
		"not ok 5 - a.xfail # TODO\n");
	mem_teardown(&m);
}

static void tap_write_failure_stops_output(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	char banner[1024];
	(void)state;

	m.fail_write = 3;
	sample_run(r, &t);
	tap_begin(&f, &info);
	tap_result(&f, &r[0]);
	snprintf(banner, sizeof(banner), "%s", m.p);
	tap_result(&f, &r[1]);
	assert_true(f.failed);
	for (int i = 2; i < 6; i++)
		tap_result(&f, &r[i]);
	tap_end(&f, &t);
	assert_int_equal(m.writes, 3);
	assert_int_equal(m.flushes, 2);
	assert_string_equal(m.p, banner);
	mem_teardown(&m);
}

/* ---- JSON --------------------------------------------------------------- */

static void json_escape_cases(void **state)
{
	char buf[128];
	(void)state;

	assert_int_equal(json_escape(buf, sizeof(buf), "plain text"), 10);
	assert_string_equal(buf, "plain text");
	json_escape(buf, sizeof(buf), "q\"b\\s/");
	assert_string_equal(buf, "q\\\"b\\\\s/");
	json_escape(buf, sizeof(buf), "\n\t\x01\x1f\x7f");
	assert_string_equal(buf, "\\u000a\\u0009\\u0001\\u001f\\u007f");
	assert_int_equal(json_escape(buf, sizeof(buf), "\x80\xe9\xff"), 18);
	assert_string_equal(buf, "\\u0080\\u00e9\\u00ff");
	assert_int_equal(json_escape(buf, sizeof(buf), ""), 0);
	assert_string_equal(buf, "");
}

/* A short buffer cuts between escapes, never inside one, and is always
 * NUL-terminated. */
static void json_escape_truncates_whole_escapes(void **state)
{
	char buf[16];
	(void)state;

	memset(buf, 'x', sizeof(buf));
	assert_int_equal(json_escape(buf, 4, "ab\"c"), 2);
	assert_string_equal(buf, "ab");
	assert_int_equal(json_escape(buf, 5, "ab\"c"), 4);
	assert_string_equal(buf, "ab\\\"");
	assert_int_equal(json_escape(buf, 7, "a\x01"), 1);
	assert_string_equal(buf, "a");
	assert_int_equal(json_escape(buf, 1, "abc"), 0);
	assert_string_equal(buf, "");
	buf[0] = 'x';
	assert_int_equal(json_escape(buf, 0, "abc"), 0);
	assert_int_equal(buf[0], 'x');
}

/* The validator must not be vacuous. */
static void json_validator_rejects_invalid(void **state)
{
	static const char *const bad[] = {
		"", "{", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "{a:1}", "\"x",
		"\"\x01\"", "\"\\x\"", "\"\\u12g4\"", "01", "1.", "-", "1e",
		"tru", "nul", "[1] 2", "{\"a\":1}}", "\"\xc3\xa9\"",
	};
	static const char *const good[] = {
		"{}", "[]", "0", "-0.5e+10", "\"\\u00e9\\n\"", " {\"a\":[1,true,null,{}]} \n",
	};
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		if (json_valid(bad[i], strlen(bad[i])))
			fail_msg("accepted invalid: %s", bad[i]);
	for (size_t i = 0; i < ARRAY_SIZE(good); i++)
		if (!json_valid(good[i], strlen(good[i])))
			fail_msg("rejected valid: %s", good[i]);
}

static const char json_head[] =
	"{\"harness\":\"uncore-harness\",\"version\":\"v1.2-3-gabc\","
	"\"tag\":\"lab1\",\"config\":\"tests=* repeat=1\","
	"\"cpu\":{\"vendor\":\"GenuineIntel\",\"signature\":\"0x000106a5\","
	"\"family\":6,\"model\":26,\"stepping\":5,"
	"\"brand\":\"Intel(R) Xeon(R) CPU X5550 @ 2.67GHz\",\"hypervisor\":null},"
	"\"cpus\":8,\"packages\":2,\"apic_mode\":\"xAPIC\",\"backend\":\"hw\","
	"\"uncore\":\"nhm\",\"validates\":\"silicon\",\"tsc_hz\":2666000000,\"tests\":[";

static const char json_expected[] =
	"{\"id\":\"a.pass.plain\",\"description\":\"passes\",\"iteration\":1,"
	"\"verdict\":\"PASS\",\"reason\":\"\",\"duration_us\":10,\"figures\":{}},"
	"{\"id\":\"a.pass.figs\",\"description\":\"passes with figures\","
	"\"iteration\":2,\"verdict\":\"PASS\",\"reason\":\"\",\"duration_us\":1234,"
	"\"figures\":{\"lat\":{\"value\":42,\"unit\":\"ns\"},"
	"\"delta\":{\"value\":-7,\"unit\":\"\"}}},"
	"{\"id\":\"a.fail\",\"description\":\"fails\",\"iteration\":1,"
	"\"verdict\":\"FAIL\",\"reason\":\"expected 1, got \\\"2\\\"\","
	"\"duration_us\":50,\"figures\":{}},"
	"{\"id\":\"a.skip\",\"description\":\"skips\",\"iteration\":1,"
	"\"verdict\":\"SKIP\",\"reason\":\"needs 2 packages\",\"duration_us\":0,"
	"\"figures\":{}},"
	"{\"id\":\"a.xfail\",\"description\":\"known bad\",\"iteration\":1,"
	"\"verdict\":\"XFAIL\",\"reason\":\"known erratum\",\"duration_us\":3,"
	"\"figures\":{}},"
	"{\"id\":\"a.error\",\"description\":\"harness error\",\"iteration\":1,"
	"\"verdict\":\"ERROR\",\"reason\":\"timeout\",\"duration_us\":5000000,"
	"\"figures\":{}}"
	"],\"summary\":{\"passed\":2,\"failed\":1,\"skipped\":1,\"xfail\":1,"
	"\"error\":1,\"planned\":6,\"elapsed_us\":0},\"complete\":true}\n";

static const char open_tail[] = "],\"summary\":null,\"complete\":false}\n";

static bool ends_with(const struct mem *m, const char *s)
{
	size_t n = strlen(s);

	return m->len >= n && !memcmp(m->p + m->len - n, s, n);
}

/* Valid after every call, only ever growing, and exact at the end. */
static void json_valid_after_every_call(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	char full[4096];
	size_t prev;
	(void)state;

	sample_run(r, &t);
	json_begin(&f, &info);
	assert_json(&m);
	assert_true(strncmp(m.p, json_head, strlen(json_head)) == 0);
	assert_string_equal(m.p + strlen(json_head), open_tail);
	for (int i = 0; i < 6; i++) {
		prev = m.len;
		json_result(&f, &r[i]);
		assert_json(&m);
		assert_true(m.len > prev);
		assert_true(ends_with(&m, open_tail));
		assert_int_equal(f.tail + strlen(open_tail), m.len);
	}
	json_end(&f, &t);
	assert_json(&m);
	assert_false(f.failed);
	assert_int_equal(m.flushes, 8);
	assert_int_equal(f.pos, m.len);
	snprintf(full, sizeof(full), "%s%s", json_head, json_expected);
	assert_string_equal(m.p, full);
	mem_teardown(&m);
}

/* A run with no results at all, then the final tail over the open one:
 * nothing of the old tail may survive behind the new document. */
static void json_empty_run_and_end_covers_tail(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tally t;
	struct run_info ri = info;
	char full[2048];
	(void)state;

	memset(&t, 0, sizeof(t));
	snprintf(ri.hypervisor, sizeof(ri.hypervisor), "KVMKVMKVM");
	ri.tag = NULL;
	json_begin(&f, &ri);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"hypervisor\":\"KVMKVMKVM\"}"));
	assert_non_null(strstr(m.p, "\"tag\":\"\""));
	assert_non_null(strstr(m.p, "\"tests\":[],\"summary\":null"));
	json_end(&f, &t);
	assert_json(&m);
	assert_int_equal(f.pos, m.len);
	snprintf(full, sizeof(full), "%.*s],\"summary\":{\"passed\":0,\"failed\":0,"
		 "\"skipped\":0,\"xfail\":0,\"error\":0,\"planned\":0,\"elapsed_us\":0},"
		 "\"complete\":true}\n", (int)f.tail, m.p);
	assert_string_equal(m.p, full);
	mem_teardown(&m);
}

/* Pathological input everywhere: every string of the banner at its limit
 * and full of escapes, the id and description cut, figures that do not fit
 * dropped whole, the reason yielding the rest of the space. Both files stay
 * well-formed. */
static void oversized_input_stays_well_formed(void **state)
{
	struct mem m, mt;
	struct rfile f = mem_file(&m), ft = mem_file(&mt);
	static char cfg[8192], id[301], desc[601], word[300];
	char esc[T_REASON_LEN * 6 + 1];
	struct test big = { id, desc, 0, NULL };
	struct run_info ri = info;
	struct tresult r;
	const char *reason;
	size_t rlen;
	(void)state;

	memset(cfg, '\\', sizeof(cfg) - 1);
	memset(word, 1, sizeof(word) - 1);
	memset(ri.cpu_vendor, 1, sizeof(ri.cpu_vendor) - 1);
	memset(ri.brand, 1, sizeof(ri.brand) - 1);
	memset(ri.hypervisor, 1, sizeof(ri.hypervisor) - 1);
	ri.version = ri.tag = ri.apic_mode = ri.backend = ri.uncore = word;
	ri.config = cfg;
	memset(id, '"', sizeof(id) - 1);
	memset(desc, 1, sizeof(desc) - 1);
	r = mk(1, V_FAIL, "", 0);
	r.test = &big;
	memset(r.reason, 2, T_REASON_LEN - 1);
	for (unsigned i = 0; i < T_MAX_FIGURES; i++) {
		struct figure *fg = &r.figs[r.nfigs++];

		memset(fg->name, 3, sizeof(fg->name) - 1);
		fg->name[0] = (char)('A' + i); /* distinct keys */
		fg->value = INT64_MIN;
		memset(fg->unit, 4, sizeof(fg->unit) - 1);
	}
	json_begin(&f, &ri);
	assert_json(&m);
	assert_true(ends_with(&m, "\",\"tsc_hz\":2666000000,\"tests\":[],"
			     "\"summary\":null,\"complete\":false}\n"));
	json_result(&f, &r);
	assert_json(&m);
	json_result(&f, &r); /* and again, after a comma */
	assert_json(&m);

	/* The reason is a proper prefix of its full escape. */
	json_escape(esc, sizeof(esc), r.reason);
	reason = strstr(m.p, "\"reason\":\"") + strlen("\"reason\":\"");
	rlen = (size_t)(strchr(reason, '"') - reason);
	assert_true(rlen > 0 && rlen < strlen(esc));
	assert_true(rlen % 6 == 0);
	assert_memory_equal(reason, esc, rlen);
	/* Some figures made it, not all of them. */
	assert_non_null(strstr(m.p, "\"A\\u0003"));
	assert_null(strstr(m.p, "\"P\\u0003"));
	assert_non_null(strstr(m.p, "\"value\":-9223372036854775808"));

	tap_begin(&ft, &ri);
	assert_true(ends_with(&mt, "\\\\\n"));
	tap_result(&ft, &r);
	assert_true(ends_with(&mt, "\"\n  ...\n"));
	assert_non_null(strstr(mt.p, "\n  severity: fail\n"));
	assert_false(f.failed || ft.failed);
	mem_teardown(&m);
	mem_teardown(&mt);
}

/* A failed write leaves the last complete document and stops all output. */
/* verbose=3: a record carries its register trace, names from the table, a
 * fault as null plus the vector, and what did not fit as trace_dropped. */
static void json_register_trace(void **state)
{
	static struct msr_trace tr[TRACE_MAX];
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r = mk(1, V_PASS, "", 5);
	unsigned i;

	(void)state;
	pmu_trace_set_gen(uncore_gen_by_name("nhm"));
	tr[0] = (struct msr_trace){ 0x391, 0, true, 0, 0x100000000ull };
	tr[1] = (struct msr_trace){ 0x3C3, 1, false, 13, 0 };
	r.trace = tr;
	r.ntrace = 2;
	json_begin(&f, &info);
	json_result(&f, &r);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"trace\":[[\"wr\",0,\"0x391\",\"UNCORE_PERF_GLOBAL_CTRL\","
			       "\"0x100000000\"],[\"rd\",1,\"0x3c3\",\"UNCORE_PerfEvtSel3\",null,13]],"
			       "\"trace_dropped\":0}"));
	for (i = 0; i < TRACE_MAX; i++)
		tr[i] = (struct msr_trace){ 0x12345678, 63, true, 0, ~0ull };
	r.ntrace = TRACE_MAX;
	r.trace_dropped = 7;
	json_result(&f, &r);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"0x12345678\",\"?\",\"0xffffffffffffffff\"]"));
	/* A full trace fits the record; what the buffer lost is still counted. */
	assert_non_null(strstr(m.p, "\"trace_dropped\":7}"));
	mem_teardown(&m);
	pmu_trace_set_gen(NULL);
}

static void json_write_failure_keeps_last_valid(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	(void)state;

	m.fail_write = 3;
	sample_run(r, &t);
	json_begin(&f, &info);
	json_result(&f, &r[0]);
	json_result(&f, &r[1]);
	assert_true(f.failed);
	json_result(&f, &r[2]);
	json_end(&f, &t);
	assert_int_equal(m.writes, 3);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"id\":\"a.pass.plain\""));
	assert_null(strstr(m.p, "\"id\":\"a.pass.figs\""));
	assert_true(ends_with(&m, open_tail));
	mem_teardown(&m);
}

/* A failed flush counts as a failed write: both writers stop at once. */
static void flush_failure_stops_output(void **state)
{
	struct mem mt, mj;
	struct rfile ft = mem_file(&mt), fj = mem_file(&mj);
	struct tresult r = mk(1, V_PASS, "", 0);
	(void)state;

	mt.fail_flush = mj.fail_flush = true;
	tap_begin(&ft, &info);
	json_begin(&fj, &info);
	assert_true(ft.failed && fj.failed);
	tap_result(&ft, &r);
	json_result(&fj, &r);
	assert_int_equal(mt.writes, 1);
	assert_int_equal(mj.writes, 1);
	mem_teardown(&mt);
	mem_teardown(&mj);
}

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(tap_sample_run_exact),
		cmocka_unit_test(tap_banner_hypervisor_and_empty_tag),
		cmocka_unit_test(tap_line_structure),
		cmocka_unit_test(tap_write_failure_stops_output),
		cmocka_unit_test(json_escape_cases),
		cmocka_unit_test(json_escape_truncates_whole_escapes),
		cmocka_unit_test(json_validator_rejects_invalid),
		cmocka_unit_test(json_valid_after_every_call),
		cmocka_unit_test(json_empty_run_and_end_covers_tail),
		cmocka_unit_test(oversized_input_stays_well_formed),
		cmocka_unit_test(json_register_trace),
		cmocka_unit_test(json_write_failure_keeps_last_valid),
		cmocka_unit_test(flush_failure_stops_output),
	};

	return cmocka_run_group_tests(t, NULL, NULL);
}
