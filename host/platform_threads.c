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
 *    IF=1, one per vector, as on the APIC (DESIGN.md: "with IF=0 an IPI
 *    waits in IRR until sti").
 *  - NMI: SIG_NMI, which IF does not block. While one NMI is handled a
 *    second is held (the signal is blocked in its own handler) and further
 *    ones are lost, like the CPU's NMI latch; the handler runs with
 *    SIG_INTR blocked.
 *  - Time: the TSC counts nanoseconds of CLOCK_MONOTONIC plus the time the
 *    clock skipped (see "the clock" below): when every CPU waits for time
 *    to pass, the clock moves to the next event at once.
 * What it does not do: catch CPU exceptions (plat_guarded, shared, calls fn
 * directly: a crash ends the program, with the results reported so far
 * already in the files), or reset an AP that overran its time limit (see
 * join()). */
#include "host/platform_common.h"
#include "host/threads.h"
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

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
static __thread bool no_cpu;       /* the tick's thread */
static sigset_t intr_set;
static FILE *mirror;

unsigned plat_this_cpu(void) { return this_cpu; }

/* --- the clock ---------------------------------------------------------------- */

/* The emulated PMUs count from this clock (pmu/backend/emu.c), and a test
 * waits by reading it until a flag rises or a bound passes. When every CPU
 * waits, nothing but time can change what they wait for, so the clock
 * moves at once to the next event: the next PMI tick (host_threads_tick)
 * or the end of a CPU's stall or join. A run whose tests wait out their
 * bounds (a defect that suppresses a PMI, a window to close) then costs
 * about what a clean run costs; the clock only ever adds time, so every
 * wait a test sees is one a preempted CPU could have seen.
 *
 * What each CPU is doing, in mark[] (kind in the top two bits):
 *  - BUSY: anything else; a CPU that changes the PMU's state (an MSR
 *    write, host_threads_busy), is given a job, runs an interrupt handler
 *    or is sent one is busy.
 *  - SPIN | gen: its last SPIN_READS reads of the TSC came with no change
 *    between them (reading MSRs is waiting: what they show is the clock's
 *    doing and the other CPUs'), the last in generation gen. It then naps
 *    between reads until the next generation (at most NAP_NS).
 *  - SLEEP | end: in plat_stall_us or a join until end (NEVER: no bound),
 *    woken by every new generation; past end it is busy.
 *  - IDLE: an AP with no job.
 * Any event (a skip, an IPI, a job done) starts a new generation. The
 * clock skips only after two generations in a row in which every CPU was
 * found waiting: the first (a probe, that changes nothing else) makes each
 * spinning CPU look again at what it waits for, after every other CPU's
 * last write, so that a flag raised by a plain store just before its
 * writer began to spin is seen before time moves. A CPU that left its loop
 * without changing the PMU's state is no longer found waiting in the next
 * generation. A skip is taken by a waiting CPU outside any lock and
 * interrupt handler (the tick it may run takes locks), never while a tick
 * runs. --real-clock (the suite's) turns skips and naps off. */
#define SPIN_READS 64
#define NAP_NS     50000 /* a flag raised by a busy CPU's plain store is seen this late */
enum { K_BUSY, K_SPIN, K_SLEEP, K_IDLE };
#define KIND(m)    ((unsigned)((m) >> 62))
#define VALUE(m)   ((m) & NEVER)
#define BUSY       0ull
#define SPIN       ((uint64_t)K_SPIN << 62)
#define SLEEP      ((uint64_t)K_SLEEP << 62)
#define IDLE       ((uint64_t)K_IDLE << 62)
#define NEVER      ((1ull << 62) - 1)

static struct {
	bool real;                    /* no skips */
	uint64_t skew;                /* ns skipped, added to CLOCK_MONOTONIC */
	uint32_t gen;                 /* generation; the futex the CPUs nap and sleep on */
	uint32_t probe;               /* the generation that is a probe */
	uint32_t skips;               /* the futex the tick's thread sleeps on */
	unsigned sleepers;
	uint64_t mark[PLAT_MAX_CPUS];
	volatile int event;           /* held to skip or to claim a tick */
	unsigned ticking;             /* ticks claimed and still running */
	uint64_t next_tick, period;   /* the next tick's time and the ticks' period (ns) */
	void (*tick)(void);
} clk;
static __thread unsigned reads_in_row, locks_held, in_handler;

static uint64_t clock_now(void)
{
	uint64_t skew, now;

	do {
		skew = __atomic_load_n(&clk.skew, __ATOMIC_SEQ_CST);
		now = host_mono_ns() + skew;
	} while (skew != __atomic_load_n(&clk.skew, __ATOMIC_SEQ_CST));
	return now;
}

static void set_mark(unsigned cpu, uint64_t m)
{
	if (cpu < PLAT_MAX_CPUS && __atomic_load_n(&clk.mark[cpu], __ATOMIC_RELAXED) != m)
		__atomic_store_n(&clk.mark[cpu], m, __ATOMIC_SEQ_CST);
}

static void mark_self(uint64_t m)
{
	if (!no_cpu)
		set_mark(this_cpu, m);
}

static void futex_wake(uint32_t *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* Until *word is no longer v, or ns of real time have passed (0: no limit). */
static void futex_wait(uint32_t *word, uint32_t v, uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000ull), (long)(ns % 1000000000ull) };

	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, v, ns ? &ts : NULL, NULL, 0);
}

/* Something happened: every waiting CPU looks again. */
static void new_generation(void)
{
	__atomic_add_fetch(&clk.gen, 1, __ATOMIC_SEQ_CST);
	if (__atomic_load_n(&clk.sleepers, __ATOMIC_SEQ_CST))
		futex_wake(&clk.gen);
}

static void sleep_gen(uint32_t g, uint64_t ns)
{
	__atomic_add_fetch(&clk.sleepers, 1, __ATOMIC_SEQ_CST);
	futex_wait(&clk.gen, g, ns);
	__atomic_sub_fetch(&clk.sleepers, 1, __ATOMIC_SEQ_CST);
}

/* Take the tick due at now, if it is still unclaimed: its time moves on
 * by a period; the caller runs clk.tick and then lowers clk.ticking. Under
 * clk.event. */
static bool claim_tick(uint64_t now)
{
	if (!clk.tick || now < clk.next_tick)
		return false;
	clk.next_tick += clk.period;
	__atomic_add_fetch(&clk.ticking, 1, __ATOMIC_SEQ_CST);
	return true;
}

void host_threads_busy(void)
{
	reads_in_row = 0;
	if (!in_handler)
		mark_self(BUSY);
}

static void run_tick(void)
{
	clk.tick();
	__atomic_sub_fetch(&clk.ticking, 1, __ATOMIC_SEQ_CST);
}

/* Whether every CPU waits in generation g; *to gets the next event's
 * time (NEVER: none). */
static bool all_wait(uint32_t g, uint64_t now, uint64_t *to)
{
	unsigned i;

	*to = clk.tick ? clk.next_tick : NEVER;
	for (i = 0; i < plat_cpu_count(); i++) {
		uint64_t m = __atomic_load_n(&clk.mark[i], __ATOMIC_SEQ_CST);

		if (KIND(m) == K_SPIN && VALUE(m) == g)
			continue;
		if (KIND(m) == K_SLEEP && VALUE(m) > now) {
			*to = VALUE(m) < *to ? VALUE(m) : *to;
			continue;
		}
		if (KIND(m) != K_IDLE)
			return false;
	}
	return true;
}

/* If every CPU waits: in a generation that is not a probe, start a probe;
 * in a probe, move the clock to the next event (running the tick if it is
 * due). True if it started a generation. */
static bool skip(void)
{
	uint32_t g = __atomic_load_n(&clk.gen, __ATOMIC_SEQ_CST);
	uint64_t now = clock_now(), to;
	bool tick = false, probe;

	if (clk.real || locks_held || in_handler || no_cpu || !all_wait(g, now, &to) ||
	    to == NEVER || __atomic_exchange_n(&clk.event, 1, __ATOMIC_ACQUIRE))
		return false;
	if (g != __atomic_load_n(&clk.gen, __ATOMIC_SEQ_CST) ||
	    __atomic_load_n(&clk.ticking, __ATOMIC_SEQ_CST)) {
		__atomic_store_n(&clk.event, 0, __ATOMIC_RELEASE);
		return false;
	}
	probe = g != clk.probe;
	if (probe) {
		clk.probe = g + 1;
	} else {
		now = clock_now();
		if (to > now)
			__atomic_add_fetch(&clk.skew, to - now, __ATOMIC_SEQ_CST);
		tick = claim_tick(clock_now());
	}
	__atomic_store_n(&clk.event, 0, __ATOMIC_RELEASE);
	new_generation();
	if (!probe && !tick) { /* the next tick comes sooner in real time */
		__atomic_add_fetch(&clk.skips, 1, __ATOMIC_SEQ_CST);
		futex_wake(&clk.skips);
	}
	if (tick)
		run_tick();
	return true;
}

uint64_t plat_tsc(void)
{
	uint64_t now = clock_now();
	uint32_t g;

	if (clk.real || locks_held || in_handler || no_cpu || ++reads_in_row < SPIN_READS)
		return now;
	g = __atomic_load_n(&clk.gen, __ATOMIC_SEQ_CST);
	mark_self(SPIN | g);
	if (!skip())
		sleep_gen(g, NAP_NS);
	return clock_now();
}

/* Until end on the clock (0: no bound) or until ready(arg), asleep between
 * generations. */
static void sleep_until(uint64_t end, bool (*ready)(void *), void *arg)
{
	for (;;) {
		uint32_t g = __atomic_load_n(&clk.gen, __ATOMIC_SEQ_CST);
		uint64_t now = clock_now();

		if ((ready && ready(arg)) || (end && now >= end))
			break;
		if (!locks_held && !in_handler) {
			mark_self(SLEEP | (end ? end : NEVER));
			if (skip())
				continue;
		}
		sleep_gen(g, end ? end - now : 0);
	}
	mark_self(BUSY);
}

void plat_stall_us(uint64_t us)
{
	sleep_until(clock_now() + us * 1000, NULL, NULL);
}

/* The tick's own thread: fn at each tick's time as the clock passes it in
 * real time (a skip runs the tick it reaches itself). */
static void *ticker(void *arg)
{
	(void)arg;
	no_cpu = true;
	for (;;) {
		uint32_t k = __atomic_load_n(&clk.skips, __ATOMIC_SEQ_CST);
		uint64_t now = clock_now(), next = __atomic_load_n(&clk.next_tick, __ATOMIC_SEQ_CST);
		bool tick;

		if (now < next) {
			futex_wait(&clk.skips, k, next - now);
			continue;
		}
		while (__atomic_exchange_n(&clk.event, 1, __ATOMIC_ACQUIRE))
			sched_yield();
		tick = claim_tick(clock_now());
		__atomic_store_n(&clk.event, 0, __ATOMIC_RELEASE);
		if (tick)
			run_tick();
	}
	return NULL;
}

int host_threads_tick(uint64_t period_us, void (*fn)(void))
{
	pthread_t t;

	clk.period = period_us * 1000;
	clk.next_tick = clock_now() + clk.period;
	__atomic_store_n(&clk.tick, fn, __ATOMIC_SEQ_CST);
	return pthread_create(&t, NULL, ticker, NULL);
}

void host_threads_real_clock(void)
{
	clk.real = true;
}

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

/* The end of a handler: a CPU interrupted in a stall, join or idle waits
 * again; one interrupted in a spin must read the clock again first. */
static void resume(uint64_t mark)
{
	in_handler--;
	mark_self(KIND(mark) == K_SPIN ? BUSY : mark);
}

static void on_intr(int sig)
{
	int saved = errno, v;
	uint64_t mark = clk.mark[this_cpu];

	(void)sig;
	in_handler++;
	mark_self(BUSY);
	while ((v = take_irr(&cpus[this_cpu])) >= 0) {
		plat_irq_fn fn = host_irq_handler((unsigned)v);

		if (fn) /* a vector nobody registers is dropped */
			fn((unsigned)v);
	}
	resume(mark);
	errno = saved;
}

static void on_nmi(int sig)
{
	int saved = errno;
	plat_irq_fn fn = host_irq_handler(2);
	uint64_t mark = clk.mark[this_cpu];

	(void)sig;
	in_handler++;
	mark_self(BUSY);
	if (fn)
		fn(2);
	resume(mark);
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
	/* The target is busy from now on (an idle AP drops the interrupt), and
	 * wakes from a stall or join to take it. */
	if (KIND(__atomic_load_n(&clk.mark[i], __ATOMIC_SEQ_CST)) != K_IDLE)
		set_mark(i, BUSY);
	if (pthread_kill(cpus[i].thread, nmi ? SIG_NMI : SIG_INTR))
		return PLAT_EINVAL;
	new_generation();
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

	locks_held++; /* no skip from inside a lock: see skip() */
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
	locks_held--;
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
			mark_self(IDLE);
			pthread_cond_wait(&c->cv, &c->mu);
		}
		fn = c->fn;
		arg = c->arg;
		pthread_mutex_unlock(&c->mu);
		for (unsigned w = 0; w < ARRAY_SIZE(c->irr); w++)
			__atomic_store_n(&c->irr[w], 0, __ATOMIC_SEQ_CST);
		reads_in_row = 0;
		fn(arg);
		plat_irq_disable();
		pthread_mutex_lock(&c->mu);
		__atomic_add_fetch(&c->done, 1, __ATOMIC_SEQ_CST);
		set_mark(c->poster, BUSY); /* its join ends: not a wait to skip */
		mark_self(IDLE);
		new_generation();
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
	set_mark(idx, BUSY);
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

	sleep_until(deadline, job_done, c);
	if (job_done(c))
		return PLAT_OK;
	fprintf(stderr, "platform_threads: CPU %u overran its time limit; waiting for "
		"it (a thread cannot be reset like an AP)\n", idx);
	sleep_until(0, job_done, c);
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
