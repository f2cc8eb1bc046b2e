/* Reading a verbose=3 register trace (host/replay/parse.h). */
#include "host/replay/parse.h"
#include <stdio.h>
#include <string.h>

#define LINE_MAX_LEN 1024

void rp_run_init(struct rp_run *r)
{
	memset(r, 0, sizeof(*r));
	r->uclk_mhz = 2133; /* the config's default (emu.uclk_mhz) */
}

/* The line without ANSI escape sequences (ESC [ ... final letter), CR and
 * LF: what the serial console adds to what log.txt holds. */
static void clean(const char *in, char *out, size_t len)
{
	size_t n = 0;

	while (*in && n + 1 < len) {
		if (*in == '\x1b') {
			in++;
			if (*in == '[')
				for (in++; *in && !((*in >= 'A' && *in <= 'Z') || (*in >= 'a' && *in <= 'z'));
				     in++)
					;
			if (*in)
				in++;
			continue;
		}
		if (*in != '\r' && *in != '\n')
			out[n++] = *in;
		in++;
	}
	out[n] = '\0';
}

/* The text after `tag` where it starts the line or follows a space (what
 * precedes it is a prefix), or NULL. */
static const char *after(const char *s, const char *tag)
{
	const char *p;

	for (p = strstr(s, tag); p; p = strstr(p + 1, tag))
		if (p == s || p[-1] == ' ' || p[-1] == '\t' || p[-1] == ']')
			return p + strlen(tag);
	return NULL;
}

static enum rp_kind bad(char *why, size_t len, const char *what)
{
	snprintf(why, len, "%s", what);
	return RP_BAD;
}

/* After "rd|wr cpu N ": "pci SSSS:BB:DD.F+0xOFF/W NAME ", "mmio
 * 0xPHYS/W NAME " or "0xMSR NAME "; the characters taken, 0 if none fits. */
static int where(const char *p, struct rp_access *a)
{
	unsigned seg, bus, dev, fn, off, w, msr;
	unsigned long long phys;
	char name[80];
	int n = 0;

	if (sscanf(p, "pci %x:%x:%x.%u+0x%x/%u %79s %n", &seg, &bus, &dev, &fn, &off, &w, name,
		   &n) == 7 && n && bus < 256 && dev < 32 && fn < 8 && off < 0x1000 && w <= 4) {
		a->space = RP_PCI;
		a->bytes = (uint8_t)w;
		a->addr = (uint64_t)seg << 32 | bus << 20 | dev << 15 | fn << 12 | off;
		a->msr = 0;
		return n;
	}
	if (sscanf(p, "mmio 0x%llx/%u %79s %n", &phys, &w, name, &n) == 3 && n && w <= 8) {
		a->space = RP_MMIO;
		a->bytes = (uint8_t)w;
		a->addr = phys;
		a->msr = 0;
		return n;
	}
	if (sscanf(p, "0x%x %79s %n", &msr, name, &n) == 2 && n) {
		a->space = RP_MSR;
		a->bytes = 8;
		a->addr = a->msr = msr;
		return n;
	}
	return 0;
}

/* "rd cpu N 0xMSR NAME 0xVALUE tsc T+D" or "... NAME faulted (RC) tsc T+D";
 * a PCI or MMIO access has its address in place of 0xMSR. */
static enum rp_kind access(const char *p, struct rp_access *a, char *why, size_t len)
{
	char dir[3];
	unsigned long long v, tsc;
	unsigned cpu, dur;
	int n = 0, rc;
	const char *t;

	if (sscanf(p, "%2s cpu %u %n", dir, &cpu, &n) != 2 || !n ||
	    (strcmp(dir, "rd") && strcmp(dir, "wr")) || !(rc = where(p + n, a)))
		return bad(why, len, "not 'rd|wr cpu N 0xMSR|pci S:B:D.F+0xOFF/W|mmio 0xPHYS/W "
			   "NAME ...'");
	p += n + rc;
	rc = 0;
	if (sscanf(p, "faulted (%d)", &rc) == 1)
		v = 0; /* a read's fault: no value */
	else if (sscanf(p, "0x%llx %n", &v, &n) == 1 && n)
		sscanf(p + n, "faulted (%d)", &rc); /* a write's fault, after its value */
	else
		return bad(why, len, "the value is neither 0xHEX nor 'faulted (N)'");
	t = strstr(p, " tsc ");
	if (!t || sscanf(t, " tsc %llu+%u", &tsc, &dur) != 2)
		return bad(why, len, "no 'tsc T+D' time (a trace written before the replay existed "
			   "cannot be replayed: record it again)");
	if (cpu >= RP_MAX_CPUS)
		return bad(why, len, "CPU index beyond 63");
	a->write = dir[0] == 'w';
	a->cstate = false;
	a->cpu = cpu;
	a->val = v;
	a->rc = rc;
	a->tsc = tsc;
	a->dur = dur;
	return RP_ACCESS;
}

/* "cstate cpu N Cx tsc T+D": val = 0..3 for C0, C1, C3, C6 (enum pmu_cstate). */
static enum rp_kind cstate(const char *p, struct rp_access *a, char *why, size_t len)
{
	static const char *const names[] = { "C0", "C1", "C3", "C6" };
	unsigned long long tsc;
	unsigned cpu, dur, i;
	char st[4];

	if (sscanf(p, "cstate cpu %u %3s tsc %llu+%u", &cpu, st, &tsc, &dur) != 4 ||
	    cpu >= RP_MAX_CPUS)
		return bad(why, len, "not 'cstate cpu N Cx tsc T+D'");
	for (i = 0; i < 4 && strcmp(st, names[i]); i++)
		;
	if (i == 4)
		return bad(why, len, "a C-state other than C0, C1, C3, C6");
	a->cstate = a->write = true;
	a->cpu = cpu;
	a->msr = 0;
	a->space = RP_MSR;
	a->val = i;
	a->rc = 0;
	a->tsc = tsc;
	a->dur = dur;
	return RP_ACCESS;
}

/* "traffic cpu N rd|wr 0xPHYS BYTES tsc T+D" */
static enum rp_kind traffic(const char *p, struct rp_access *a, char *why, size_t len)
{
	unsigned long long phys, n, tsc;
	unsigned cpu, dur;
	char dir[3];

	if (sscanf(p, "traffic cpu %u %2s 0x%llx %llu tsc %llu+%u", &cpu, dir, &phys, &n, &tsc,
		   &dur) != 6 || cpu >= RP_MAX_CPUS || (strcmp(dir, "rd") && strcmp(dir, "wr")))
		return bad(why, len, "not 'traffic cpu N rd|wr 0xPHYS BYTES tsc T+D'");
	a->cstate = false;
	a->write = true;
	a->cpu = cpu;
	a->msr = 0;
	a->space = RP_TRAFFIC;
	a->bytes = dir[0] == 'w';
	a->addr = phys;
	a->val = n;
	a->rc = 0;
	a->tsc = tsc;
	a->dur = dur;
	return RP_ACCESS;
}

/* "trace ID: ..." */
static enum rp_kind trace_line(const char *p, struct rp_access *a, char *why, size_t len)
{
	const char *colon = strstr(p, ": ");
	size_t n = colon ? (size_t)(colon - p) : 0;
	unsigned dropped;

	if (!n || n >= RP_ID_LEN || memchr(p, ' ', n))
		return RP_OTHER;
	memcpy(a->test, p, n);
	a->test[n] = '\0';
	p = colon + 2;
	if (sscanf(p, "%u more accesses not kept", &dropped) == 1) {
		a->val = dropped;
		return RP_DROPPED;
	}
	if (!strncmp(p, "cstate ", 7))
		return cstate(p, a, why, len);
	if (!strncmp(p, "traffic ", 8))
		return traffic(p, a, why, len);
	if (strncmp(p, "rd ", 3) && strncmp(p, "wr ", 3))
		return RP_OTHER;
	return access(p, a, why, len);
}

static enum rp_kind core_pmu(const char *p, struct rp_run *r)
{
	const char *v = strstr(p, "version "), *caps = strstr(p, "PERF_CAPABILITIES ");
	unsigned ver, ngp, gpw, nfix, fixw, len;

	r->have_core = true;
	if (!v || sscanf(v, "version %u, %u general x %u bits, %u fixed x %u bits, EBX 0x%x of %u",
			 &ver, &ngp, &gpw, &nfix, &fixw, &r->ebx, &len) != 7) {
		r->version = 0; /* "no architectural PMU" */
		return RP_HEADER;
	}
	r->version = (uint8_t)ver;
	r->ngp = (uint8_t)ngp;
	r->gp_width = (uint8_t)gpw;
	r->nfixed = (uint8_t)nfix;
	r->fixed_width = (uint8_t)fixw;
	r->ebx_len = (uint8_t)len;
	r->pdcm = caps && strncmp(caps + 18, "(none)", 6);
	r->perf_caps = 0;
	if (r->pdcm)
		sscanf(caps + 18, "0x%llx", (unsigned long long *)&r->perf_caps);
	return RP_HEADER;
}

static enum rp_kind header(const char *s, struct rp_run *r)
{
	const char *p;
	unsigned long long hz, tsc, core;
	unsigned i, apic, pkg, core_id, thread, mhz;

	if ((p = after(s, "trace-clock: ")) &&
	    sscanf(p, "tsc_hz %llu at tsc %llu", &hz, &tsc) == 2) {
		r->have_clock = true;
		r->tsc_hz = hz;
		r->clock_tsc = tsc;
		p = strstr(p, " emu core clock ");
		r->emu_clock = p && sscanf(p, " emu core clock %llu", &core) == 1;
		r->emu_core = r->emu_clock ? core : 0;
		return RP_HEADER;
	}
	if ((p = after(s, "trace-cpu ")) &&
	    sscanf(p, "%u: apic 0x%x package %u core %u thread %u", &i, &apic, &pkg, &core_id,
		   &thread) == 5 && i < RP_MAX_CPUS) {
		r->cpu[i] = (struct rp_cpu){ .apic = apic, .package = pkg, .core = core_id,
				.thread = thread, .seen = true };
		if (i + 1 > r->ncpus)
			r->ncpus = i + 1;
		return RP_HEADER;
	}
	if (!r->have_cpu && (p = after(s, "cpu: ")) && (p = strstr(p, " family 0x")) &&
	    sscanf(p, " family 0x%x model 0x%x", &r->family, &r->model) == 2) {
		r->have_cpu = true;
		return RP_HEADER;
	}
	if (!r->have_uncore && (p = after(s, "uncore: "))) {
		r->have_uncore = true;
		if (!strncmp(p, "none", 4) || sscanf(p, "%15s", r->uncore) != 1)
			r->uncore[0] = '\0';
		return RP_HEADER;
	}
	if (!r->have_core && (p = after(s, "core PMU: ")))
		return core_pmu(p, r);
	if ((p = after(s, "config: ")) && (p = strstr(p, "emu.uclk_mhz=")) &&
	    sscanf(p, "emu.uclk_mhz=%u", &mhz) == 1) {
		r->have_uclk = true;
		r->uclk_mhz = mhz;
		return RP_HEADER;
	}
	return RP_OTHER;
}

enum rp_kind rp_parse_line(const char *line, struct rp_run *run, struct rp_access *a, char *why,
			   size_t why_len)
{
	char s[LINE_MAX_LEN];
	const char *p;

	clean(line, s, sizeof(s));
	why[0] = '\0';
	if ((p = after(s, "trace ")))
		return trace_line(p, a, why, why_len);
	return header(s, run);
}

bool rp_boot_line(const char *line)
{
	char s[LINE_MAX_LEN];

	clean(line, s, sizeof(s));
	return !strncmp(s, "uncore-harness ", 15) && s[15] && s[15] != ' ';
}

const char *rp_run_missing(const struct rp_run *r)
{
	unsigned i;

	if (!r->have_cpu)
		return "no 'cpu: ... family 0xF model 0xM' banner line";
	if (!r->have_uncore)
		return "no 'uncore: ' banner line";
	if (!r->have_core)
		return "no 'core PMU: ' banner line";
	if (!r->have_clock || r->tsc_hz < 1000000) /* no TSC runs below 1 MHz */
		return "no 'trace-clock: tsc_hz H at tsc T' line (verbose=3 prints it before the "
		       "first traced test)";
	if (!r->ncpus)
		return "no 'trace-cpu N: ...' lines";
	for (i = 0; i < r->ncpus; i++)
		if (!r->cpu[i].seen)
			return "a 'trace-cpu N: ...' line is missing";
	return NULL;
}
