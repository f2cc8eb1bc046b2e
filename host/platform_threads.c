/* lib/platform.h on Linux for the host suite (host/threads.h): CPU n
 * is a thread, CPU 0 (the BSP) the one that started the machine, and the
 * local APIC's interrupts are POSIX signals sent to a CPU's thread with
 * pthread_kill:
 *  - Fixed vectors: the sender sets the vector in the target's IRR and sends
 *    SIG_INTR; the handler takes pending vectors highest first and calls
 *    the registered handler, whose return is the EOI (the next one may then
 *    be taken). SIG_INTR is blocked wherever IF would be 0: plat_irq_disable,
 *    plat_lock, an AP as it starts and between jobs, and the handler itself
 *    (an interrupt gate clears IF), so a Fixed interrupt waits in IRR until
 *    IF=1, one per vector, as on the APIC (with IF=0 an IPI waits in IRR
 *    until sti: docs/platform-notes.md#ipis-wait-for-sti).
 *  - NMI: SIG_NMI, which IF does not block. While one NMI is handled a
 *    second is held (the signal is blocked in its own handler) and further
 *    ones are lost, like the CPU's NMI latch; the handler runs with
 *    SIG_INTR blocked.
 *  - Time: host/clock.c's, which skips to the next event when every CPU
 *    waits; each CPU tells it when it works (a job, an interrupt) and when
 *    it waits (idle, a join).
 * What it does not do: catch CPU exceptions (plat_guarded, shared, calls fn
 * directly: a crash ends the program, with the results reported so far
 * already in the files), or reset an AP that overran its time limit (see
 * join()). */
#include "host/clock.h"
#include "host/platform_common.h"
#include "host/threads.h"
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>

#define SIG_INTR SIGUSR1
#define SIG_NMI  SIGUSR2

struct cpu {
	pthread_t thread;
	uint64_t irr[4]; /* pending Fixed vectors, set by senders, cleared by the handler */
	/* AP work: posted and done count the jobs given and finished. */
	pthread_mutex_t mu;
	pthread_cond_t cv;
	void (*fn)(void *);
	void *arg;
	unsigned posted, done;
	unsigned poster; /* the CPU that posted the job, to be woken when it is done */
};

static struct cpu cpus[PLAT_MAX_CPUS];
static __thread unsigned this_cpu; /* 0 (the BSP) unless set by ap_main */
static sigset_t intr_set;
static FILE *mirror;

unsigned plat_this_cpu(void) { return this_cpu; }

/* --- interrupts -------------------------------------------------------------- */

/* The highest pending Fixed vector, taken out of IRR, or -1. */
static int take_irr(struct cpu *c)
{
	int w;

	for (w = 3; w >= 0; w--) {
		uint64_t bits = __atomic_load_n(&c->irr[w], __ATOMIC_SEQ_CST);

		while (bits) {
			uint64_t bit = 1ull << (63 - __builtin_clzll(bits));

			if (__atomic_fetch_and(&c->irr[w], ~bit, __ATOMIC_SEQ_CST) & bit)
				return w * 64 + 63 - __builtin_clzll(bit);
			bits = __atomic_load_n(&c->irr[w], __ATOMIC_SEQ_CST);
		}
	}
	return -1;
}

static void on_intr(int sig)
{
	int saved = errno, v;
	uint64_t was = clock_handler_enter();

	(void)sig;
	while ((v = take_irr(&cpus[this_cpu])) >= 0) {
		plat_irq_fn fn = host_irq_handler((unsigned)v);

		if (fn) /* a vector nobody registers is dropped */
			fn((unsigned)v);
	}
	clock_handler_exit(was);
	errno = saved;
}

static void on_nmi(int sig)
{
	int saved = errno;
	plat_irq_fn fn = host_irq_handler(2);
	uint64_t was = clock_handler_enter();

	(void)sig;
	if (fn)
		fn(2);
	clock_handler_exit(was);
	errno = saved;
}

int plat_apic_send_ipi(uint32_t apic_id, unsigned vector, bool nmi)
{
	unsigned i;

	if (!nmi && (vector < 0x20 || vector > 0xff)) /* C-32 */
		return PLAT_EINVAL;
	for (i = 0; i < plat_cpu_count() && plat_cpu(i)->apic_id != apic_id; i++)
		;
	if (i == plat_cpu_count())
		return PLAT_OK; /* nobody there: the message is lost, as on hardware */
	if (!nmi)
		__atomic_or_fetch(&cpus[i].irr[vector / 64], 1ull << (vector % 64),
				  __ATOMIC_SEQ_CST);
	clock_interrupt(i);
	if (pthread_kill(cpus[i].thread, nmi ? SIG_NMI : SIG_INTR))
		return PLAT_EINVAL;
	clock_event();
	return PLAT_OK;
}

void plat_irq_enable(void) { pthread_sigmask(SIG_UNBLOCK, &intr_set, NULL); }
void plat_irq_disable(void) { pthread_sigmask(SIG_BLOCK, &intr_set, NULL); }

uint64_t plat_irq_save(void)
{
	sigset_t old;

	pthread_sigmask(SIG_BLOCK, &intr_set, &old);
	return !sigismember(&old, SIG_INTR);
}

void plat_irq_restore(uint64_t flags)
{
	if (flags)
		plat_irq_enable();
}

/* --- locking ------------------------------------------------------------------- */

/* IF=0 for the holder, as on target; the returned flags say whether it was
 * 1. The machine may have fewer cores than CPU threads, so a holder can be
 * descheduled: after a short spin the waiter yields rather than burn the
 * holder's time slice. */
uint64_t plat_lock(volatile int *lock)
{
	uint64_t flags = plat_irq_save();
	unsigned spins = 0;

	clock_lock(1);
	while (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE))
		if (++spins % 64 == 0)
			sched_yield();
		else
			__builtin_ia32_pause();
	return flags;
}

void plat_unlock(volatile int *lock, uint64_t flags)
{
	__atomic_store_n(lock, 0, __ATOMIC_RELEASE);
	clock_lock(-1);
	plat_irq_restore(flags);
}

/* --- output -------------------------------------------------------------------- */

void host_threads_mirror(FILE *f)
{
	mirror = f;
}

/* Lines come from the BSP only (APs must not print), so no lock. */
void plat_puts(const char *line)
{
	printf("%s\n", line);
	fflush(stdout);
	if (mirror) {
		fprintf(mirror, "%s\n", line);
		fflush(mirror);
	}
}

/* --- CPUs and AP work ------------------------------------------------------- */

/* An AP: waits for a job, which starts with IF=0. As on target, where APs
 * stay resident in the harness's loop (efi/platform/mp.c), the local APIC keeps its
 * LVTPC between jobs; an interrupt still pending when a job ends is dropped
 * (on target the idle AP would take it in hlt, with the same handler). */
static void *ap_main(void *p)
{
	unsigned idx = (unsigned)(uintptr_t)p;
	struct cpu *c = &cpus[idx];

	this_cpu = idx;
	pthread_mutex_lock(&c->mu);
	for (;;) {
		void (*fn)(void *);
		void *arg;

		while (c->done == c->posted) {
			clock_idle(idx);
			pthread_cond_wait(&c->cv, &c->mu);
		}
		fn = c->fn;
		arg = c->arg;
		pthread_mutex_unlock(&c->mu);
		for (unsigned w = 0; w < ARRAY_SIZE(c->irr); w++)
			__atomic_store_n(&c->irr[w], 0, __ATOMIC_SEQ_CST);
		host_clock_busy();
		fn(arg);
		plat_irq_disable();
		pthread_mutex_lock(&c->mu);
		__atomic_add_fetch(&c->done, 1, __ATOMIC_SEQ_CST);
		clock_busy(c->poster); /* its join ends: not a wait to skip */
		clock_idle(idx);
		clock_event();
	}
	return NULL;
}

/* The job goes to AP idx, busy from now on (the clock). */
static void post(unsigned idx, void (*fn)(void *), void *arg)
{
	struct cpu *c = &cpus[idx];

	pthread_mutex_lock(&c->mu);
	c->fn = fn;
	c->arg = arg;
	c->poster = this_cpu;
	clock_busy(idx);
	c->posted++;
	pthread_cond_broadcast(&c->cv);
	pthread_mutex_unlock(&c->mu);
}

static bool job_done(void *p)
{
	struct cpu *c = p;

	return __atomic_load_n(&c->done, __ATOMIC_SEQ_CST) == c->posted;
}

/* Wait for AP idx's job until deadline (TSC; 0: no limit). MP services would
 * reset an AP that overran; a thread cannot be reset, and its job may use
 * the caller's stack, so an overrun is reported and waited out: the
 * result is then PLAT_ETIMEDOUT, on return the AP is idle again. */
static int join(unsigned idx, uint64_t deadline)
{
	struct cpu *c = &cpus[idx];

	clock_sleep_until(deadline, job_done, c);
	if (job_done(c))
		return PLAT_OK;
	fprintf(stderr, "platform_threads: CPU %u overran its time limit; waiting for "
		"it (a thread cannot be reset like an AP)\n", idx);
	clock_sleep_until(0, job_done, c);
	return PLAT_ETIMEDOUT;
}

static uint64_t deadline_of(uint64_t timeout_us)
{
	return timeout_us ? plat_tsc() + timeout_us * 1000 : 0; /* 0: MP services' "forever" */
}

int plat_run_on(unsigned idx, void (*fn)(void *), void *arg, uint64_t timeout_us,
		int *fault_vec)
{
	uint64_t deadline = deadline_of(timeout_us);

	if (fault_vec)
		*fault_vec = 0;
	if (idx >= plat_cpu_count())
		return PLAT_EINVAL;
	if (idx == 0) {
		fn(arg);
		return PLAT_OK;
	}
	post(idx, fn, arg);
	return join(idx, deadline);
}

int plat_run_all(void (*ap_fn)(void *), void (*bsp_fn)(void *), void *arg,
		 uint64_t timeout_us)
{
	uint64_t deadline = deadline_of(timeout_us);
	unsigned i;
	int rc = PLAT_OK;

	for (i = 1; i < plat_cpu_count(); i++)
		post(i, ap_fn, arg);
	bsp_fn(arg);
	for (i = 1; i < plat_cpu_count(); i++)
		if (join(i, deadline))
			rc = PLAT_ETIMEDOUT;
	return rc;
}

/* --- start ---------------------------------------------------------------------- */

static int on_signal(int sig, void (*fn)(int), int also_blocked)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = fn;
	sa.sa_flags = SA_RESTART; /* an interrupt must not fail a write or a wait */
	sigemptyset(&sa.sa_mask);
	if (also_blocked)
		sigaddset(&sa.sa_mask, also_blocked);
	return sigaction(sig, &sa, NULL) ? errno : 0;
}

int host_threads_start(unsigned ncpus, unsigned npackages)
{
	sigset_t old;
	unsigned i;
	int e;

	host_shape(ncpus, npackages, 1);
	sigemptyset(&intr_set);
	sigaddset(&intr_set, SIG_INTR);
	e = on_signal(SIG_INTR, on_intr, 0);
	if (!e)
		e = on_signal(SIG_NMI, on_nmi, SIG_INTR); /* the NMI handler runs with IF=0 */
	if (e)
		return e;
	this_cpu = 0;
	cpus[0].thread = pthread_self();
	/* APs inherit this mask: they start with IF=0. */
	pthread_sigmask(SIG_BLOCK, &intr_set, &old);
	for (i = 1; i < plat_cpu_count() && !e; i++) {
		pthread_mutex_init(&cpus[i].mu, NULL);
		pthread_cond_init(&cpus[i].cv, NULL);
		e = pthread_create(&cpus[i].thread, NULL, ap_main, (void *)(uintptr_t)i);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return e;
}
