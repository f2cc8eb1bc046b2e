/* Register trace buffer and its lines (pmu/backend/trace.h). */
#include "pmu/backend/trace.h"
#include "pmu/backend/backend.h"
#include "pmu/backend/space.h"
#include "pmu/emu/emu.h"
#include "lib/platform.h"

static const struct uncore_gen *gen;
static struct msr_trace fallback[TRACE_MAX];
static struct msr_trace_time fallback_time[TRACE_MAX];
static struct msr_trace *buf = fallback;
static struct msr_trace_time *times = fallback_time;
static unsigned cap = TRACE_MAX;
static volatile unsigned next, seen;
static volatile bool on;
static bool header_done;

void pmu_trace_set_gen(const struct uncore_gen *g)
{
	gen = g;
	header_done = false;
}

/* The run's clock and topology, once: what a replay needs to play the
 * accesses at their times on the CPUs' packages and cores. On the
 * emulated backend the core clock (4/3 of the TSC from the models' set-up,
 * pmu/emu/emu.h) read between two TSC reads gives that origin to a tick. */
static void print_header(void)
{
	uint64_t hz = plat_tsc_hz(), t0, t1, core, best = UINT64_MAX, at = 0, at_core = 0;
	bool emu = msr_backend()->model;
	unsigned i;

	/* The tightest of a few brackets: an interrupt or a descheduled vCPU
	 * widens one, and the replay's counts in short windows depend on it. */
	for (i = 0; emu && i < 16; i++) {
		t0 = plat_tsc();
		core = emu_core_now();
		t1 = plat_tsc();
		if (t1 - t0 < best) {
			best = t1 - t0;
			at = t0 + best / 2;
			at_core = core;
		}
	}
	if (emu)
		plat_log(3, "  trace-clock: tsc_hz %llu at tsc %llu emu core clock %llu",
			 (unsigned long long)hz, (unsigned long long)at, (unsigned long long)at_core);
	else
		plat_log(3, "  trace-clock: tsc_hz %llu at tsc %llu", (unsigned long long)hz,
			 (unsigned long long)plat_tsc());
	for (i = 0; i < plat_cpu_count(); i++) {
		const struct plat_cpu *c = plat_cpu(i);

		plat_log(3, "  trace-cpu %u: apic 0x%x package %u core %u thread %u", i, c->apic_id,
			 c->package, c->core, c->thread);
	}
	header_done = true;
}

void pmu_trace_start(bool enable)
{
	struct msr_trace *big;

	on = false;
	next = seen = 0;
	/* One block: the entries, then their times (16-byte entries keep the
	 * times aligned). */
	if (enable && buf == fallback &&
	    (big = plat_alloc(TRACE_KEEP * (sizeof(*big) + sizeof(*times))))) {
		buf = big;
		times = (struct msr_trace_time *)(big + TRACE_KEEP);
		cap = TRACE_KEEP;
	}
	if (enable && !header_done)
		print_header();
	on = enable;
}

uint64_t pmu_trace_clock(void)
{
	return on ? plat_tsc() : 0;
}

static void add(struct msr_trace e, uint64_t tsc)
{
	uint64_t end;
	unsigned i;

	if (!on)
		return;
	end = plat_tsc();
	__atomic_fetch_add(&seen, 1, __ATOMIC_RELAXED);
	if (!e.write && next >= cap - cap / 8)
		return; /* the rest is kept for writes */
	i = __atomic_fetch_add(&next, 1, __ATOMIC_RELAXED);
	if (i < cap) {
		buf[i] = e;
		times[i] = (struct msr_trace_time){ .tsc = tsc, .dur = (uint32_t)(end - tsc) };
	}
}

void pmu_trace_add(unsigned cpu, uint32_t msr, bool write, uint64_t val, int rc, uint64_t tsc)
{
	add((struct msr_trace){ .addr = msr, .val = val, .cpu = (uint16_t)cpu, .space = TRACE_MSR,
			.bytes = 8, .write = write, .rc = (int8_t)rc }, tsc);
}

void pmu_trace_add_pci(struct pci_fn f, uint16_t off, unsigned bytes, bool write, uint64_t val,
		       int rc, uint64_t tsc)
{
	if (on)
		add((struct msr_trace){ .addr = TRACE_PCI_ADDR(f, off), .val = val,
				.cpu = (uint16_t)plat_this_cpu(), .space = TRACE_PCI,
				.bytes = (uint8_t)bytes, .write = write, .rc = (int8_t)rc }, tsc);
}

void pmu_trace_add_mmio(uint64_t phys, unsigned bytes, bool write, uint64_t val, int rc,
			uint64_t tsc)
{
	if (on)
		add((struct msr_trace){ .addr = phys, .val = val,
				.cpu = (uint16_t)plat_this_cpu(), .space = TRACE_MMIO,
				.bytes = (uint8_t)bytes, .write = write, .rc = (int8_t)rc }, tsc);
}

/* Kept as a write: the state a replay must see. */
void pmu_trace_traffic(uint64_t phys, uint64_t bytes, bool write, uint64_t tsc)
{
	if (on)
		add((struct msr_trace){ .addr = phys, .val = bytes,
				.cpu = (uint16_t)plat_this_cpu(), .space = TRACE_TRAFFIC,
				.bytes = write, .write = true }, tsc);
}

void pmu_trace_cstate(unsigned s, uint64_t tsc)
{
	pmu_trace_add(plat_this_cpu(), TRACE_CSTATE, true, s, 0, tsc);
}

unsigned pmu_trace_get(const struct msr_trace **out, unsigned *dropped)
{
	unsigned n = next < cap ? next : cap;

	*out = buf;
	*dropped = seen - n;
	return n;
}

void pmu_trace_name(const struct msr_trace *e, char *name, size_t len)
{
	struct pci_fn f = trace_pci_fn(e->addr);
	struct reg_ref r;
	bool found = false;

	if (e->space == TRACE_MSR && e->addr == TRACE_CSTATE) {
		snprintf(name, len, "cstate");
		return;
	}
	if (e->space == TRACE_MSR)
		found = (gen && reg_lookup(gen, (uint32_t)e->addr, &r)) ||
			reg_lookup(&core_pmu_regs, (uint32_t)e->addr, &r);
	else if (e->space == TRACE_PCI)
		found = gen && reg_lookup_pci(gen, f.dev, f.fn, e->addr & 0xFFF, &r);
	if (found)
		reg_name(&r, name, len);
	else
		snprintf(name, len, "?");
}

void pmu_trace_where(const struct msr_trace *e, char *buf, size_t len)
{
	char fn[16];

	if (e->space == TRACE_PCI) {
		pci_fn_text(trace_pci_fn(e->addr), fn, sizeof(fn));
		snprintf(buf, len, "pci %s+0x%x/%u", fn, (unsigned)(e->addr & 0xFFF), e->bytes);
	} else if (e->space == TRACE_MMIO) {
		snprintf(buf, len, "mmio 0x%llx/%u", (unsigned long long)e->addr, e->bytes);
	} else if (e->space == TRACE_TRAFFIC) {
		snprintf(buf, len, "traffic %s 0x%llx", e->bytes ? "wr" : "rd",
			 (unsigned long long)e->addr);
	} else {
		snprintf(buf, len, "0x%x", (unsigned)e->addr);
	}
}

void pmu_trace_print(const char *id, const struct msr_trace *t, unsigned n, unsigned dropped)
{
	static const char *const cstates[] = { "C0", "C1", "C3", "C6" };
	unsigned i;
	char name[48], what[64], when[40] = "", where[48];

	for (i = 0; i < n; i++) {
		const struct msr_trace *e = &t[i];

		if (t == buf)
			snprintf(when, sizeof(when), " tsc %llu+%u",
				 (unsigned long long)times[i].tsc, times[i].dur);
		if (e->space == TRACE_MSR && e->addr == TRACE_CSTATE) {
			plat_log(3, "  trace %s: cstate cpu %u %s%s", id, e->cpu,
				 e->val < ARRAY_SIZE(cstates) ? cstates[e->val] : "?", when);
			continue;
		}
		if (e->space == TRACE_TRAFFIC) {
			plat_log(3, "  trace %s: traffic cpu %u %s 0x%llx %llu%s", id, e->cpu,
				 e->bytes ? "wr" : "rd", (unsigned long long)e->addr,
				 (unsigned long long)e->val, when);
			continue;
		}
		pmu_trace_name(e, name, sizeof(name));
		pmu_trace_where(e, where, sizeof(where));
		if (e->rc && !e->write && e->space != TRACE_PCI) /* a faulted read has no value */
			snprintf(what, sizeof(what), "faulted (%d)", e->rc);
		else if (e->rc)
			snprintf(what, sizeof(what), "0x%llx faulted (%d)", (unsigned long long)e->val,
				 e->rc);
		else
			snprintf(what, sizeof(what), "0x%llx", (unsigned long long)e->val);
		plat_log(3, "  trace %s: %s cpu %u %s %s %s%s", id, e->write ? "wr" : "rd",
			 e->cpu, where, name, what, when);
	}
	if (dropped)
		plat_log(3, "  trace %s: %u more accesses not kept", id, dropped);
}
