/* The comparison of make replay (host/replay/replay.h): which kind of
 * register each address is, by the register tables, what must agree for
 * that kind, and the spec statements a disagreement bears on. */
#include "host/replay/replay.h"
#include "arch/msr.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NKEYS (1u << 16)

/* A counter's last value seen by one CPU, in the trace and in each of the
 * model's streams: "moved" and "went back" are judged against it. */
struct prev {
	uint64_t key;
	bool used, have;
	uint64_t t, m[NSTREAM];
};

static struct prev *prevs;
/* Disagreements already printed, by what they are (seen_before): a test
 * that polls a register prints one line, not one per read. */
static uint64_t *shown;

/* A register of one CPU's view: its space, CPU and address. */
static uint64_t key_of(unsigned cpu, const struct rp_access *a)
{
	return (uint64_t)a->space << 62 ^ (uint64_t)cpu << 48 ^ a->addr;
}

static struct prev *prev_of(unsigned cpu, const struct rp_access *a)
{
	uint64_t key = key_of(cpu, a);
	unsigned h = (unsigned)((key * 0x9E3779B97F4A7C15ull) >> 48) & (NKEYS - 1);

	while (prevs[h].used && prevs[h].key != key)
		h = (h + 1) & (NKEYS - 1);
	prevs[h].used = true;
	prevs[h].key = key;
	return &prevs[h];
}

struct kind {
	struct reg_ref r;
	bool counter;
	uint64_t mask;  /* compared bits (control and status) */
	uint64_t width; /* counting bits (counter) */
};

/* false for an address no table names: played, not compared (MMIO: no
 * generation has MMIO registers yet). A PCI register is found by its
 * device, function and offset on whichever socket's bus. */
static bool kind_of(const struct uncore_gen *gen, const struct rp_access *a, struct kind *k)
{
	uint32_t msr = a->msr;

	if (a->space == RP_MMIO)
		return false;
	if (a->space == RP_PCI) {
		if (!gen || !reg_lookup_pci(gen, (a->addr >> 15) & 31, (a->addr >> 12) & 7,
					    a->addr & 0xFFF, &k->r))
			return false;
	} else if (!(gen && reg_lookup(gen, msr, &k->r)) &&
		   !reg_lookup(&core_pmu_regs, msr, &k->r)) {
		return false;
	}
	k->counter = k->r.tmpl->role == ROLE_CTR;
	k->width = k->r.tmpl->width >= 64 ? ~0ull : (1ull << k->r.tmpl->width) - 1;
	k->mask = ~0ull;
	if (k->r.gen == &core_pmu_regs && k->r.tmpl->role == ROLE_CORE)
		k->mask = reg_defined_mask(k->r.tmpl); /* its other bits are not the PMU's */
	if (msr == MSR_GLOBAL_STATUS)
		k->mask &= ~OVF_UNCORE;
	return true;
}

bool replay_counter(const struct uncore_gen *gen, const struct rp_access *a)
{
	struct kind k;

	return kind_of(gen, a, &k) && k.counter;
}

/* Whether a counter moved alike on both sides since this CPU's last
 * access: the trace from pt to t, the model from pm to v. A counter the
 * model reset in between (low, its lowest value just after a write in
 * between, is below pm) and that counted since: whether it counted past
 * its old value is the window's jitter (how long it ran after the reset,
 * or where in a bursty event stream, X-12 and OQ-X19 on the Xeon 7500), so
 * only moved against still is compared. */
static bool moved_alike(uint64_t t, uint64_t pt, uint64_t v, uint64_t pm, uint64_t low)
{
	bool reset = low < pm && v != low;

	return (t != pt) == (v != pm) && (reset || (t < pt) == (v < pm));
}

/* Whether the model's answer m (stream s) agrees with the trace's. A
 * control or status bit on which the streams differ is one the window's
 * jitter decides (an overflow between the extremes, say): either value
 * agrees (`uncertain`). A counter is judged on its motion since this
 * CPU's last access, which took effect somewhere in its own [T, T+D]:
 * against that access's answer at either end in the same world (the same
 * writes at the same times), not only at the end this read is taken at.
 * A vCPU descheduled inside the last access (a long D) may have made it
 * late, after a freeze, and this one early, before the restart: only the
 * last access's T+D and this one's T then both fall in the frozen span. */
static bool agrees(const struct kind *k, const struct rp_access *a, const struct ans *m,
		   const struct prev *p, unsigned s, uint64_t uncertain, uint64_t low)
{
	uint64_t t = a->val, v = m->v;
	unsigned ps;

	if (a->rc != m->rc)
		return false;
	if (a->rc)
		return true;
	if (!k->counter)
		return ((t ^ v) & k->mask & ~uncertain) == 0;
	if ((t & ~k->width) != (v & ~k->width))
		return false; /* bits above the counting width */
	if (!p->have)
		return true;
	for (ps = s & ~1u; ps <= (s | 1u); ps++)
		if (moved_alike(t & k->width, p->t, v & k->width, p->m[ps],
				low == UINT64_MAX ? UINT64_MAX : low & k->width))
			return true;
	return false;
}

/* A read's answer, or what became of a write. */
static void value(char *buf, size_t len, bool write, int rc, uint64_t v)
{
	if (rc)
		snprintf(buf, len, "faulted (%d)", rc);
	else if (write)
		snprintf(buf, len, "took it");
	else
		snprintf(buf, len, "0x%llx", (unsigned long long)v);
}

static void add(char *buf, size_t len, const char *fmt, const char *a, const char *b)
{
	size_t n = strlen(buf);

	snprintf(buf + n, len - n, fmt, a, b ? b : "");
}

static const char *motion(uint64_t now, uint64_t before)
{
	return now == before ? "still" : now < before ? "went back (a wrap or a reset)" : "moved";
}

/* What differs and the statements it bears on: the differing fields of a
 * control or status register with their spec ids, else the register's. */
static void bears_on(const struct kind *k, const struct rp_access *a, const struct ans *m,
		     const struct prev *p, char *buf, size_t len)
{
	const struct reg_tmpl *t = k->r.tmpl;
	const char *spec = t->spec ? t->spec : "no statement cited";
	uint64_t diff = (a->val ^ m->v) & k->mask, rest = diff;
	const struct field *f;

	buf[0] = '\0';
	if (a->rc != m->rc) {
		add(buf, len, "a fault on one side only (%s)%s", spec, NULL);
		return;
	}
	if (k->counter) {
		if ((a->val ^ m->v) & ~k->width)
			add(buf, len, "bits above the counting width (%s)%s", spec, NULL);
		else
			add(buf, len, "since this CPU's last access: trace %s, model %s",
			    motion(a->val & k->width, p->t), motion(m->v & k->width, p->m[0]));
		add(buf, len, " (%s)%s", spec, NULL);
		return;
	}
	for (f = t->fields; f && f->name; f++)
		if (diff & field_mask(f)) {
			char name[48];

			snprintf(name, sizeof(name), "%s[%u:%u]", f->name, f->hi, f->lo);
			add(buf, len, "%s (%s); ", name, f->spec ? f->spec : spec);
			rest &= ~field_mask(f);
		}
	if (rest) {
		char bits[24];

		snprintf(bits, sizeof(bits), "0x%llx", (unsigned long long)rest);
		add(buf, len, "reserved bits %s (%s); ", bits, spec);
	}
	if (strlen(buf) >= 2)
		buf[strlen(buf) - 2] = '\0';
}

static void report(const struct event *e, unsigned cpu, const struct kind *k,
		   const struct prev *p)
{
	char name[72], tv[32], mv[32], alt[48] = "", why[400], where[40];
	const struct ans *m = e->m;
	unsigned s;

	reg_name(&k->r, name, sizeof(name));
	if (e->a.write) /* the value written, then what each side did with it */
		snprintf(name + strlen(name), sizeof(name) - strlen(name), " 0x%llx",
			 (unsigned long long)e->a.val);
	value(tv, sizeof(tv), e->a.write, e->a.rc, e->a.val);
	value(mv, sizeof(mv), e->a.write, m[0].rc, m[0].v);
	for (s = 1; s < NSTREAM && !alt[0] && !e->a.write; s++)
		if (m[s].rc != m[0].rc || m[s].v != m[0].v) {
			value(alt, sizeof(alt) - 12, false, m[s].rc, m[s].v);
			memmove(alt + 4, alt, strlen(alt) + 1);
			memcpy(alt, " or ", 4);
			strcat(alt, " by T+D");
		}
	bears_on(k, &e->a, &m[0], p, why, sizeof(why));
	if (e->a.space == RP_PCI)
		snprintf(where, sizeof(where), "pci %04x:%02x:%02x.%u+0x%x/%u",
			 (unsigned)(e->a.addr >> 32), (unsigned)(e->a.addr >> 20) & 0xFF,
			 (unsigned)(e->a.addr >> 15) & 31, (unsigned)(e->a.addr >> 12) & 7,
			 (unsigned)e->a.addr & 0xFFF, e->a.bytes);
	else
		snprintf(where, sizeof(where), "0x%x", e->a.msr);
	printf("DISAGREE %s (line %u): %s cpu %u %s %s: trace %s, model %s%s: %s\n", e->a.test,
	       e->line, e->a.write ? "wr" : "rd", cpu, where, name, tv, mv, alt, why);
}

/* Whether a disagreement of the same test, CPU, register and difference
 * was printed already (then it is only counted). */
static bool seen_before(const struct event *e, const struct kind *k, const struct prev *p)
{
	const struct ans *m = &e->m[0];
	uint64_t h = 1469598103934665603ull, what;
	const char *c;
	unsigned i;

	if (e->a.rc != m->rc || e->a.write)
		what = (uint64_t)(uint8_t)e->a.rc << 8 | (uint8_t)m->rc;
	else if (!k->counter)
		what = (e->a.val ^ m->v) & k->mask;
	else
		what = ((e->a.val ^ m->v) & ~k->width) ^ ((e->a.val & k->width) < p->t) << 1 ^
		       ((e->a.val & k->width) != p->t) << 2 ^ ((m->v & k->width) < p->m[0]) << 3 ^
		       ((m->v & k->width) != p->m[0]) << 4;
	for (c = e->a.test; *c; c++)
		h = (h ^ (uint8_t)*c) * 1099511628211ull;
	h = (h ^ key_of(e->a.cpu, &e->a)) * 1099511628211ull;
	h = ((h ^ what) * 1099511628211ull) | 1; /* 0 marks a free slot */
	for (i = (unsigned)(h >> 48) & (NKEYS - 1); shown[i] && shown[i] != h; i = (i + 1) & (NKEYS - 1))
		;
	if (shown[i])
		return true;
	shown[i] = h;
	return false;
}

/* A counter's value as each side last saw it: the trace's, and each
 * stream's answer (a write: the value written, on every side). */
static void remember(struct prev *p, const struct kind *k, const struct event *e)
{
	unsigned s;

	if (!k->counter || e->a.rc)
		return;
	p->have = true;
	p->t = e->a.val & k->width;
	for (s = 0; s < NSTREAM; s++)
		p->m[s] = (e->a.write ? e->a.val : e->m[s].v) & k->width;
}

/* A read agrees if one stream's answer does; a write if both sides took
 * it or both faulted. */
static bool event_agrees(const struct event *e, const struct kind *k, const struct prev *p)
{
	uint64_t unsure = 0;
	unsigned s;

	if (e->a.write)
		return e->a.rc == e->m[0].rc;
	for (s = 0; s < NSTREAM; s++)
		unsure |= e->m[s].v ^ e->m[0].v;
	for (s = 0; s < NSTREAM; s++)
		if (agrees(k, &e->a, &e->m[s], p, s, unsure, e->low[s / 2]))
			return true;
	return false;
}

unsigned replay_compare(const struct event *ev, size_t n, const unsigned *cpu_of,
			const struct uncore_gen *gen)
{
	size_t i, reads = 0, counters = 0, writes = 0, unnamed = 0, cstates = 0;
	unsigned bad = 0, printed = 0;

	prevs = calloc(NKEYS, sizeof(*prevs));
	shown = calloc(NKEYS, sizeof(*shown));
	if (!prevs || !shown) {
		printf("replay: out of memory\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		const struct event *e = &ev[i];
		struct kind k;
		struct prev *p;

		if (e->a.cstate || e->a.space == RP_TRAFFIC) {
			cstates++;
			continue;
		}
		writes += e->a.write;
		if (!kind_of(gen, &e->a, &k) || e->a.rc < 0) {
			unnamed += e->a.rc >= 0;
			continue; /* no table names it, or the harness's own error */
		}
		p = prev_of(cpu_of[e->a.cpu], &e->a);
		reads += !e->a.write;
		counters += !e->a.write && k.counter;
		if (event_agrees(e, &k, p))
			;
		else if (++bad && printed < NKEYS / 2 && !seen_before(e, &k, p)) {
			printed++;
			report(e, e->a.cpu, &k, p);
		}
		remember(p, &k, e);
	}
	free(prevs);
	free(shown);
	printf("replay: %zu reads compared (%zu of counters), %zu writes and %zu C-state and "
	       "traffic declarations played, %zu accesses to registers no table names played only; "
	       "%u disagreement%s", reads, counters, writes, cstates, unnamed, bad,
	       bad == 1 ? "" : "s");
	if (printed < bad)
		printf(" (%u printed: the others repeat a printed one's test, CPU, register and "
		       "difference%s)", printed, printed == NKEYS / 2 ? ", or came after those" : "");
	printf("\n");
	return bad;
}
