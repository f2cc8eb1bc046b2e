/* The host suite's TSC (lib/platform.h's plat_tsc, plat_stall_us; see
 * host/clock.h): nanoseconds of CLOCK_MONOTONIC plus the time skipped.
 *
 * The emulated PMUs count from this clock (pmu/backend/emu.c), and a test
 * waits by reading it until a flag rises or a bound passes. When every CPU
 * waits, nothing but time can change what they wait for, so the clock
 * moves at once to the next event: the next PMI tick (host_clock_tick)
 * or the end of a CPU's stall or join. A run whose tests wait out their
 * bounds (a defect that suppresses a PMI, a window to close) then costs
 * about what a clean run costs; the clock only ever adds time, so every
 * wait a test sees is one a preempted CPU could have seen.
 *
 * What each CPU is doing, in mark[] (kind in the top two bits):
 *  - BUSY: anything else; a CPU that changes the PMU's state (an MSR
 *    write, host_clock_busy), is given a job, runs an interrupt handler
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
#include "host/clock.h"
#include "host/platform_common.h"
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

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
static __thread unsigned locks_in_gap, last_gap; /* locks taken between reads of the clock */
static __thread bool no_cpu; /* the tick's thread */

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
		set_mark(plat_this_cpu(), m);
}

static void futex_wake(uint32_t *word)
{
	syscall(SYS_futex, word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

/* Until *word is no longer v, or ns of real time have passed (0: no limit). */
static void futex_wait(uint32_t *word, uint32_t v, uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000ull),
			      .tv_nsec = (long)(ns % 1000000000ull) };

	syscall(SYS_futex, word, FUTEX_WAIT_PRIVATE, v, ns ? &ts : NULL, NULL, 0);
}

void clock_event(void)
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
	__atomic_store_n(&clk.next_tick, clk.next_tick + clk.period, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&clk.ticking, 1, __ATOMIC_SEQ_CST);
	return true;
}

void host_clock_busy(void)
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
	clock_event();
	if (!probe && !tick) { /* the next tick comes sooner in real time */
		__atomic_add_fetch(&clk.skips, 1, __ATOMIC_SEQ_CST);
		futex_wake(&clk.skips);
	}
	if (tick)
		run_tick();
	return true;
}

/* A spinning CPU skips, or naps, only at a read whose gap since the
 * previous read (the locks taken: MSR accesses, polls) is like the one
 * before it: a read inside its loop. The read that opens a window after
 * an MSR read (counter, then clock) is then not where time moves, so a
 * rate a test measures stays a rate. */
uint64_t plat_tsc(void)
{
	uint64_t now = clock_now();
	unsigned gap = locks_in_gap;
	bool in_loop = gap == last_gap;
	uint32_t g;

	/* Real time: every 256th read of a spin yields the core, so that the
	 * spins of runs side by side give way to each other's work instead of
	 * to the scheduler's time slices. On the skipping clock a spin naps
	 * instead, and no read yields (least of all one inside a model call,
	 * with its lock held). */
	if (clk.real && !locks_held && !(++reads_in_row & 255))
		sched_yield();
	if (clk.real || locks_held || in_handler || no_cpu)
		return now;
	locks_in_gap = 0;
	last_gap = gap;
	if (++reads_in_row < SPIN_READS)
		return now;
	g = __atomic_load_n(&clk.gen, __ATOMIC_SEQ_CST);
	mark_self(SPIN | g);
	if (!in_loop)
		return now;
	if (!skip())
		sleep_gen(g, NAP_NS);
	return clock_now();
}

void clock_sleep_until(uint64_t end, bool (*ready)(void *), void *arg)
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
	clock_sleep_until(clock_now() + us * 1000, NULL, NULL);
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

int host_clock_tick(uint64_t period_us, void (*fn)(void))
{
	pthread_t t;

	clk.period = period_us * 1000;
	clk.next_tick = clock_now() + clk.period;
	__atomic_store_n(&clk.tick, fn, __ATOMIC_SEQ_CST);
	return pthread_create(&t, NULL, ticker, NULL);
}

void host_clock_real(void)
{
	clk.real = true;
}

/* --- what the CPUs tell the clock (host/platform_threads.c) ----------------- */

void clock_busy(unsigned cpu)
{
	set_mark(cpu, BUSY);
}

void clock_idle(unsigned cpu)
{
	set_mark(cpu, IDLE);
}

/* An idle AP drops the interrupt: it stays idle. */
void clock_interrupt(unsigned cpu)
{
	if (KIND(__atomic_load_n(&clk.mark[cpu], __ATOMIC_SEQ_CST)) != K_IDLE)
		set_mark(cpu, BUSY);
}

uint64_t clock_handler_enter(void)
{
	uint64_t was = no_cpu ? BUSY : __atomic_load_n(&clk.mark[plat_this_cpu()], __ATOMIC_SEQ_CST);

	in_handler++;
	mark_self(BUSY);
	return was;
}

/* A CPU interrupted in a stall, join or idle waits again; one interrupted
 * in a spin must read the clock again first. */
void clock_handler_exit(uint64_t was)
{
	in_handler--;
	mark_self(KIND(was) == K_SPIN ? BUSY : was);
}

void clock_lock(int n)
{
	locks_held += (unsigned)n;
	locks_in_gap += n > 0;
}

