/* lib/platform.h on Linux, for host unit tests. Single-threaded: "running on
 * CPU n" means switching the current-CPU index for the duration of a call,
 * and plat_run_all runs the AP part for each AP in turn before the BSP part,
 * so code that needs real concurrency is exercised only on target and in
 * the host suite (platform_threads.c). What both share is in
 * platform_common.c. */
#include "host/platform_common.h"
#include <errno.h>
#include <stdlib.h>
#include <time.h>

static unsigned current;
static char out[1 << 16];
static size_t out_len;

void host_machine(unsigned n, unsigned pk)
{
	host_machine_smt(n, pk, 1);
}

void host_machine_smt(unsigned n, unsigned pk, unsigned threads)
{
	host_shape(n, pk, threads);
	current = 0;
	out_len = 0;
	out[0] = '\0';
}

const char *host_output(void) { return out; }

/* The TSC is CLOCK_MONOTONIC itself: the unit tests wait in real time. */
uint64_t plat_tsc(void) { return host_mono_ns(); }

/* Until an absolute time, so that a signal cuts no stall short. */
void plat_stall_us(uint64_t us)
{
	uint64_t end = plat_tsc() + us * 1000;
	struct timespec ts = { .tv_sec = (time_t)(end / 1000000000ull),
			      .tv_nsec = (long)(end % 1000000000ull) };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
}
unsigned plat_this_cpu(void) { return current; }

int plat_run_on(unsigned idx, void (*fn)(void *), void *arg, uint64_t timeout_us,
		int *fault_vec)
{
	unsigned saved = current;

	(void)timeout_us;
	if (fault_vec)
		*fault_vec = 0;
	if (idx >= plat_cpu_count())
		return PLAT_EINVAL;
	if (plat_cpu_lost(idx))
		return PLAT_ETIMEDOUT;
	current = idx;
	fn(arg);
	current = saved;
	return PLAT_OK;
}

int plat_run_all(void (*ap_fn)(void *), void (*bsp_fn)(void *), void *arg,
		 uint64_t timeout_us)
{
	unsigned i;

	for (i = 1; i < plat_cpu_count(); i++)
		plat_run_on(i, ap_fn, arg, timeout_us, NULL);
	bsp_fn(arg);
	return PLAT_OK;
}

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
	struct irq_call c = { .fn = host_irq_handler(v), .vector = v };

	if (!nmi && (vector < 0x20 || vector > 0xff))
		return PLAT_EINVAL;
	if (apic_id >= plat_cpu_count())
		return PLAT_OK; /* nobody there: the message is lost, as on hardware */
	if (c.fn)
		plat_run_on(apic_id, call_irq, &c, 0, NULL);
	return PLAT_OK;
}

void plat_irq_enable(void) {}
void plat_irq_disable(void) {}
uint64_t plat_irq_save(void) { return 0; }
void plat_irq_restore(uint64_t flags) { (void)flags; }

void plat_puts(const char *line)
{
	int n = snprintf(out + out_len, sizeof(out) - out_len, "%s\n", line);

	if (n > 0 && out_len + (size_t)n < sizeof(out))
		out_len += (size_t)n;
	if (getenv("HOST_VERBOSE"))
		printf("%s\n", line);
}

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
