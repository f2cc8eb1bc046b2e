/* The parts of lib/platform.h both Linux implementations share
 * (host/platform_common.h). */
#include "host/platform_common.h"
#include <stdlib.h>
#include <time.h>

#define LVT_RESET 0x10000u /* C-25: masked */
#define LVT_RW    0x107FFu /* vector, delivery mode, mask */

static unsigned ncpus = 1, npackages = 1;
static struct plat_cpu cpus[PLAT_MAX_CPUS];
static uint32_t lvtpc[PLAT_MAX_CPUS];
static bool lost[PLAT_MAX_CPUS];
/* Read by whichever thread takes an interrupt while the BSP registers and
 * unregisters: accessed atomically. */
static plat_irq_fn handlers[256];
static struct cfg cfg;
static bool cfg_ready;

void host_shape(unsigned n, unsigned pk, unsigned threads)
{
	unsigned i;

	ncpus = n ? (n < PLAT_MAX_CPUS ? n : PLAT_MAX_CPUS) : 1;
	npackages = pk ? pk : 1;
	for (i = 0; i < ncpus; i++) {
		cpus[i] = (struct plat_cpu){ .apic_id = i, .package = i * npackages / ncpus,
					     .core = i / threads, .thread = i % threads,
					     .bsp = i == 0, .enabled = true };
		lvtpc[i] = LVT_RESET; /* C-25 */
	}
	memset(lost, 0, sizeof(lost));
	for (i = 0; i < ARRAY_SIZE(handlers); i++)
		__atomic_store_n(&handlers[i], NULL, __ATOMIC_SEQ_CST);
}

unsigned plat_cpu_count(void) { return ncpus; }
unsigned plat_package_count(void) { return npackages; }
const struct plat_cpu *plat_cpu(unsigned idx) { return idx < ncpus ? &cpus[idx] : NULL; }
/* Only where a unit test says so (host_lose_cpu): platform_threads.c waits
 * an overrun out, platform_host.c runs every job inline. */
bool plat_cpu_lost(unsigned idx) { return idx < ncpus && lost[idx]; }
void host_lose_cpu(unsigned idx)
{
	if (idx && idx < ncpus)
		lost[idx] = true;
}

/* --- local APIC ------------------------------------------------------------ */

enum plat_apic_mode plat_apic_mode(void) { return APIC_XAPIC; }
uint32_t plat_apic_id(void) { return cpus[plat_this_cpu()].apic_id; }

uint32_t plat_apic_read_lvtpc(void)
{
	return __atomic_load_n(&lvtpc[plat_this_cpu()], __ATOMIC_SEQ_CST);
}

void plat_apic_write_lvtpc(uint32_t v)
{
	__atomic_store_n(&lvtpc[plat_this_cpu()], v & LVT_RW, __ATOMIC_SEQ_CST);
}

void plat_apic_self_ipi(unsigned vector)
{
	plat_apic_send_ipi(cpus[plat_this_cpu()].apic_id, vector, false);
}

/* --- interrupt handlers ------------------------------------------------------ */

int plat_irq_register(unsigned vector, plat_irq_fn fn)
{
	plat_irq_fn none = NULL;

	if (vector > 255 || (vector < 0x20 && vector != 2) || !fn)
		return PLAT_EINVAL;
	/* Registering a taken vector fails, as the CPU arch protocol's does. */
	if (!__atomic_compare_exchange_n(&handlers[vector], &none, fn, false, __ATOMIC_SEQ_CST,
					 __ATOMIC_SEQ_CST))
		return PLAT_EBUSY;
	return PLAT_OK;
}

void plat_irq_unregister(unsigned vector)
{
	if (vector < 256)
		__atomic_store_n(&handlers[vector], NULL, __ATOMIC_SEQ_CST);
}

plat_irq_fn host_irq_handler(unsigned vector)
{
	return vector < 256 ? __atomic_load_n(&handlers[vector], __ATOMIC_SEQ_CST) : NULL;
}

/* No CPU exceptions to catch on the host: a crash is a crash. */
int plat_guarded(void (*fn)(void *), void *arg, char *why, size_t len)
{
	(void)why;
	(void)len;
	fn(arg);
	return 0;
}

/* --- time -------------------------------------------------------------------- */

/* CLOCK_MONOTONIC in nanoseconds: invariant, and the same clock on every
 * thread. */
uint64_t host_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t plat_tsc_hz(void) { return 1000000000ull; }
bool host_tsc_untrusted;
bool plat_tsc_trusted(void) { return !host_tsc_untrusted; }

/* --- memory ------------------------------------------------------------------ */

void *plat_alloc(size_t n) { return malloc(n); }

/* --- configuration and log -------------------------------------------------- */

struct cfg *host_cfg(void)
{
	if (!cfg_ready) {
		cfg_defaults(&cfg);
		cfg_ready = true;
	}
	return &cfg;
}

const struct cfg *plat_config(void) { return host_cfg(); }

/* A Linux process has no firmware clock, MSR 0x8B or SMBIOS table of its
 * own to read: the date is the host's, the rest says so. */
struct plat_identity *host_identity(void)
{
	static struct plat_identity id;
	static bool ready;

	if (!ready) {
		time_t now = time(NULL);
		struct tm tm;

		ready = true;
		id.tz_minutes = 0;
		if (gmtime_r(&now, &tm))
			strftime(id.date_utc, sizeof(id.date_utc), "%Y-%m-%dT%H:%M:%SZ", &tm);
		snprintf(id.microcode_why, sizeof(id.microcode_why), "host build: not read");
	}
	return &id;
}

const struct plat_identity *plat_identity(void) { return host_identity(); }
int plat_verbosity(void) { return host_cfg()->verbose; }

void plat_log(int level, const char *fmt, ...)
{
	char line[512];
	va_list ap;

	if (level > plat_verbosity())
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	plat_puts(line);
}
