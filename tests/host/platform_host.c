/* efi/platform.h on Linux, for host unit tests. Single-threaded: "running on
 * CPU n" means switching the current-CPU index for the duration of a call,
 * and plat_run_all runs the AP part for each AP in turn before the BSP part,
 * so code that needs real concurrency is exercised only on target. */
#include "host.h"
#include <stdlib.h>
#include <time.h>

static unsigned ncpus = 1, npackages = 1, current;
static struct plat_cpu cpus[PLAT_MAX_CPUS];
static uint32_t lvtpc[PLAT_MAX_CPUS];
static plat_irq_fn handlers[256];
static char out[1 << 16];
static size_t out_len;
static struct cfg cfg;
static bool cfg_ready;

void host_machine(unsigned n, unsigned pk)
{
	host_machine_smt(n, pk, 1);
}

void host_machine_smt(unsigned n, unsigned pk, unsigned threads)
{
	unsigned i;

	ncpus = n ? (n < PLAT_MAX_CPUS ? n : PLAT_MAX_CPUS) : 1;
	npackages = pk ? pk : 1;
	current = 0;
	for (i = 0; i < ncpus; i++) {
		cpus[i] = (struct plat_cpu){ .apic_id = i, .package = i * npackages / ncpus,
					     .core = i / threads, .thread = i % threads,
					     .bsp = i == 0, .enabled = true };
		lvtpc[i] = 0x10000; /* C-25 reset value: masked */
	}
	memset(handlers, 0, sizeof(handlers));
	out_len = 0;
	out[0] = '\0';
}

const char *host_output(void) { return out; }

struct cfg *host_cfg(void)
{
	if (!cfg_ready) {
		cfg_defaults(&cfg);
		cfg_ready = true;
	}
	return &cfg;
}

const struct cfg *plat_config(void) { return host_cfg(); }
unsigned plat_cpu_count(void) { return ncpus; }
unsigned plat_package_count(void) { return npackages; }
const struct plat_cpu *plat_cpu(unsigned idx) { return idx < ncpus ? &cpus[idx] : NULL; }
unsigned plat_this_cpu(void) { return current; }

int plat_run_on(unsigned idx, void (*fn)(void *), void *arg, uint64_t timeout_us,
		int *fault_vec)
{
	unsigned saved = current;

	(void)timeout_us;
	if (fault_vec)
		*fault_vec = 0;
	if (idx >= ncpus)
		return PLAT_EINVAL;
	current = idx;
	fn(arg);
	current = saved;
	return PLAT_OK;
}

int plat_run_all(void (*ap_fn)(void *), void (*bsp_fn)(void *), void *arg,
		 uint64_t timeout_us)
{
	unsigned i;

	for (i = 1; i < ncpus; i++)
		plat_run_on(i, ap_fn, arg, timeout_us, NULL);
	bsp_fn(arg);
	return PLAT_OK;
}

/* No CPU exceptions to catch on the host: a crash is a crash. */
int plat_guarded(void (*fn)(void *), void *arg, char *why, size_t len)
{
	(void)why;
	(void)len;
	fn(arg);
	return 0;
}

int plat_irq_register(unsigned vector, plat_irq_fn fn)
{
	if (vector > 255 || (vector < 0x20 && vector != 2) || !fn)
		return PLAT_EINVAL;
	if (handlers[vector])
		return PLAT_EBUSY;
	handlers[vector] = fn;
	return PLAT_OK;
}

void plat_irq_unregister(unsigned vector)
{
	if (vector < 256)
		handlers[vector] = NULL;
}

enum plat_apic_mode plat_apic_mode(void) { return APIC_XAPIC; }
uint32_t plat_apic_id(void) { return cpus[current].apic_id; }
uint32_t plat_apic_read_lvtpc(void) { return lvtpc[current]; }
void plat_apic_write_lvtpc(uint32_t v) { lvtpc[current] = v & 0x107FF; }

struct irq_call {
	plat_irq_fn fn;
	unsigned vector;
};

static void call_irq(void *p)
{
	struct irq_call *c = p;

	c->fn(c->vector);
}

int plat_apic_send_ipi(uint32_t apic_id, unsigned vector, bool nmi)
{
	unsigned v = nmi ? 2 : vector;
	struct irq_call c = { handlers[v], v };

	if (!nmi && (vector < 0x20 || vector > 0xff))
		return PLAT_EINVAL;
	if (apic_id >= ncpus)
		return PLAT_OK; /* nobody there: the message is lost, as on hardware */
	if (c.fn)
		plat_run_on(apic_id, call_irq, &c, 0, NULL);
	return PLAT_OK;
}

void plat_apic_self_ipi(unsigned vector)
{
	plat_apic_send_ipi(cpus[current].apic_id, vector, false);
}

uint64_t plat_tsc(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t plat_tsc_hz(void) { return 1000000000ull; }

void plat_stall_us(uint64_t us)
{
	struct timespec ts = { (time_t)(us / 1000000), (long)(us % 1000000) * 1000 };

	nanosleep(&ts, NULL);
}

void plat_irq_enable(void) {}
void plat_irq_disable(void) {}

void plat_puts(const char *line)
{
	int n = snprintf(out + out_len, sizeof(out) - out_len, "%s\n", line);

	if (n > 0 && out_len + (size_t)n < sizeof(out))
		out_len += (size_t)n;
	if (getenv("HOST_VERBOSE"))
		printf("%s\n", line);
}

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

int plat_verbosity(void) { return host_cfg()->verbose; }

/* Single-threaded host: a lock that is never contended, but must be free. */
uint64_t plat_lock(volatile int *lock)
{
	if (*lock) {
		fprintf(stderr, "platform_host: lock taken twice (deadlock on target)\n");
		abort();
	}
	*lock = 1;
	return 0;
}

void plat_unlock(volatile int *lock, uint64_t flags)
{
	(void)flags;
	*lock = 0;
}
