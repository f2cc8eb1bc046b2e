/* Shared by the result-writer host tests (test_results*.c): a memory-backed
 * rfile, a strict JSON validator (RFC 8259 grammar, ASCII only) and the
 * sample run both writers are fed. */
#ifndef TEST_RESULTS_H
#define TEST_RESULTS_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <ctype.h>
#include <stdlib.h>
#include <cmocka.h>
#include "pmu/backend/trace.h"

#include "harness/results.h"

/* ---- memory-backed rfile ---------------------------------------------- */

struct mem {
	char *p;               /* always NUL-terminated at len */
	size_t len, cap;
	unsigned writes, flushes;
	unsigned fail_write;   /* this (1-based) write fails; 0: none does */
	bool fail_flush;
	size_t flushed_len;    /* len at the last successful flush */
};

static inline int mem_write_at(void *h, uint64_t off, const void *buf, size_t n)
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

static inline int mem_flush(void *h)
{
	struct mem *m = h;

	if (m->fail_flush)
		return -1;
	m->flushes++;
	m->flushed_len = m->len;
	return 0;
}

static inline struct rfile mem_file(struct mem *m)
{
	struct rfile f = { .write_at = mem_write_at, .flush = mem_flush, .h = m };

	memset(m, 0, sizeof(*m));
	m->cap = 1;
	m->p = calloc(1, 1);
	return f;
}

static inline void mem_teardown(struct mem *m)
{
	free(m->p);
}

/* ---- strict JSON validator (RFC 8259 grammar, ASCII only) ------------- */

struct jp {
	const char *s;
	size_t n, i;
	int depth;
};

static inline bool jv_value(struct jp *p);

static inline int jv_peek(const struct jp *p)
{
	return p->i < p->n ? (unsigned char)p->s[p->i] : -1;
}

static inline void jv_ws(struct jp *p)
{
	while (jv_peek(p) > 0 && strchr(" \t\n\r", jv_peek(p)))
		p->i++;
}

static inline bool jv_eat(struct jp *p, int c)
{
	if (jv_peek(p) != c)
		return false;
	p->i++;
	return true;
}

static inline bool jv_lit(struct jp *p, const char *w)
{
	size_t n = strlen(w);

	if (p->n - p->i < n || memcmp(p->s + p->i, w, n))
		return false;
	p->i += n;
	return true;
}

static inline bool jv_string(struct jp *p)
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

static inline bool jv_digits(struct jp *p)
{
	size_t start = p->i;

	while (jv_peek(p) >= '0' && jv_peek(p) <= '9')
		p->i++;
	return p->i > start;
}

static inline bool jv_number(struct jp *p)
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
static inline bool jv_items(struct jp *p, int close, bool keyed)
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

static inline bool jv_value(struct jp *p)
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

static inline bool json_valid(const char *s, size_t n)
{
	struct jp p = { .s = s, .n = n };

	if (!jv_value(&p))
		return false;
	jv_ws(&p);
	return p.i == n;
}

static inline void assert_json(const struct mem *m)
{
	if (!json_valid(m->p, m->len))
		fail_msg("invalid JSON (%zu bytes):\n%s", m->len, m->p);
	/* Whatever was written is durable: write, then flush. */
	assert_int_equal(m->flushed_len, m->len);
}

/* ---- fixtures ----------------------------------------------------------- */

static const struct test tests[] __attribute__((unused)) = {
	{ .id = "a.pass.plain", .desc = "passes", .needs = 0, .run = NULL },
	{ .id = "a.pass.figs", .desc = "passes with figures", .needs = 0, .run = NULL },
	{ .id = "a.fail", .desc = "fails", .needs = 0, .run = NULL },
	{ .id = "a.skip", .desc = "skips", .needs = 0, .run = NULL },
	{ .id = "a.xfail", .desc = "known bad", .needs = 0, .run = NULL },
	{ .id = "a.error", .desc = "harness error", .needs = 0, .run = NULL },
};

static const struct run_info info __attribute__((unused)) = {
	.version = "v1.2-3-gabc",
	.cpu_vendor = "GenuineIntel",
	.family = 6, .model = 26, .stepping = 5, .signature = 0x106a5,
	.brand = "Intel(R) Xeon(R) CPU X5550 @ 2.67GHz",
	.hypervisor = "",
	.ncpus = 8, .npackages = 2,
	.apic_mode = "xAPIC",
	.backend = "hw",
	.uncore = "nhm",
	/* a Nehalem whose CPUID marks Branch Misses Retired unavailable (EBX
	 * bit 6: Linux's erratum AAJ80 quirk) */
	.core_pmu = "hardware",
	.core = { .version = 3, .ngp = 4, .gp_width = 48, .ebx_len = 7, .ebx = 0x40, .nfixed = 3,
		  .fixed_width = 48, .pdcm = true, .caps_read = true, .perf_caps = 0x1c3,
		  .family = 6, .model = 26 },
	.tsc_hz = 2666000000ULL,
	.config = "tests=* repeat=1",
	.tag = "lab1",
	.run = "run-0007",
};

static inline struct tresult mk(unsigned idx, enum verdict v, const char *reason,
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

static inline void add_fig(struct tresult *r, const char *name, int64_t value,
		    const char *unit)
{
	struct figure *fg = &r->figs[r->nfigs++];

	snprintf(fg->name, sizeof(fg->name), "%s", name);
	fg->value = value;
	snprintf(fg->unit, sizeof(fg->unit), "%s", unit);
}

/* A plain figure with the test's expected value and tolerance. */
static inline void add_fig_expect(struct tresult *r, const char *name, int64_t value,
				  int64_t expected, int64_t tol, const char *unit)
{
	add_fig(r, name, value, unit);
	r->figs[r->nfigs - 1].expected = expected;
	r->figs[r->nfigs - 1].tol = tol;
	r->figs[r->nfigs - 1].has_expect = true;
}

/* A figure indexed by key at (a box's name for FIG_BOX). */
static inline void add_fig_at(struct tresult *r, const char *name, enum fig_key key,
			      const char *at, int64_t value, const char *unit)
{
	add_fig(r, name, value, unit);
	r->figs[r->nfigs - 1].key = (uint8_t)key;
	snprintf(r->figs[r->nfigs - 1].at, sizeof(r->figs[0].at), "%s", at);
}

/* The six results of the sample run, one of each kind. */
static inline void sample_run(struct tresult out[6], struct tally *t)
{
	out[0] = mk(1, V_PASS, "", 10);
	out[1] = mk(2, V_PASS, "", 1234);
	out[1].iteration = 2;
	/* One name per core, interleaved with a plain figure: grouped. */
	add_fig(&out[1], "latency_us", 42, "us");
	add_fig_at(&out[1], "latency_us_median", FIG_CORE, "0", 12, "us");
	add_fig(&out[1], "delta_count", -7, "count");
	add_fig_at(&out[1], "latency_us_median", FIG_CORE, "1", 15, "us");
	add_fig_at(&out[1], "pmis_count", FIG_BOX, "C0", 3, "count");
	add_fig_expect(&out[1], "uclk_hz", 133000000, 133330000, 2666600, "hz");
	out[2] = mk(3, V_FAIL, "expected 1, got \"2\"", 50);
	out[3] = mk(4, V_SKIP, "needs 2 packages", 0);
	out[4] = mk(5, V_XFAIL, "known erratum", 3);
	out[5] = mk(6, V_ERROR, "timeout", 5000000);
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < 6; i++)
		t->n[out[i].verdict]++;
	t->planned = 6;
}

#endif
