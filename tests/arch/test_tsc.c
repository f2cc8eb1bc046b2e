/* Host unit tests for the TSC calibration's window selection (arch/tsc.c):
 * brackets and steps to windows, disturbed windows discarded, the rate
 * only from undisturbed ones, "not calibrated" when too few are found, and
 * the retry loop against simulated loaded-host schedules. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

/* The whole file, so the retry loop (static calibrate) is tested too; the
 * port I/O in it is compiled, never run. */
#include "arch/tsc.c"

#define HZ 2096000000ull /* the TSC of the machine whose Stall once gave 3.62 GHz */

static struct tsc_sample sample(uint64_t tsc0, uint64_t ref, uint64_t tsc1)
{
	return (struct tsc_sample){ .tsc0 = tsc0, .ref = ref, .tsc1 = tsc1 };
}

static void test_between(void **state)
{
	struct tsc_sample a = sample(1000, 7, 1010), b = sample(5000, 2393, 5030);
	struct tsc_window w = tsc_window_between(&a, &b);

	(void)state;
	assert_int_equal(w.ticks, 5015 - 1005);
	assert_int_equal(w.ref, 2386);
	assert_int_equal(w.slack, 10 + 30);
}

static void test_steps(void **state)
{
	uint64_t even[5] = { 100, 1100, 2100, 3100, 4100 };
	uint64_t late[5] = { 100, 1100, 2350, 3350, 4350 }; /* the second call 250 late */
	struct tsc_window w = tsc_window_of_steps(even, 4, 500);

	(void)state;
	assert_int_equal(w.ticks, 4000);
	assert_int_equal(w.ref, 2000);
	assert_int_equal(w.slack, 0);
	w = tsc_window_of_steps(late, 4, 500);
	assert_int_equal(w.ticks, 4250);
	assert_int_equal(w.slack, 250);
}

/* A window of `us` microseconds of a 1 MHz reference at HZ, slack_ppm of it
 * unaccounted for and `late` ticks added by a disturbance. */
static struct tsc_window win(uint64_t us, uint64_t slack_ppm, uint64_t late)
{
	uint64_t ticks = HZ / 1000000 * us + late;

	return (struct tsc_window){ .ticks = ticks, .ref = us,
				    .slack = ticks * slack_ppm / 1000000 + late };
}

static void test_pick_undisturbed(void **state)
{
	struct tsc_window w[3] = { win(2000, 10, 0), win(2000, 10, 0), win(2000, 10, 0) };
	struct tsc_cal c;

	(void)state;
	w[1].ticks += 2000; /* rates 2096, 2097, 2096 MHz */
	c = tsc_pick(w, 3, 1000000);
	assert_true(c.trusted);
	assert_int_equal(c.hz, HZ);
	assert_int_equal(c.windows, 3);
	assert_int_equal(c.discarded, 0);
	assert_int_equal(c.spread_ppm, 477);
}

/* The rate of disturbed windows is never used, however many there are. */
static void test_pick_discards(void **state)
{
	struct tsc_window w[7] = {
		win(2000, 0, HZ / 1000), win(2000, 5, 0), win(2000, 0, HZ / 100),
		win(2000, 5, 0), win(2000, TSC_TOL_PPM + 1, 0), win(2000, 5, 0),
		win(2000, TSC_TOL_PPM, 0),
	};
	struct tsc_cal c = tsc_pick(w, 7, 1000000);

	(void)state;
	assert_true(c.trusted);
	assert_int_equal(c.hz, HZ);
	assert_int_equal(c.windows, 7);
	assert_int_equal(c.discarded, 3);
}

/* Too few undisturbed windows: not trusted, and the rate is the least
 * disturbed window's, never the median of disturbed ones. */
static void test_pick_untrusted(void **state)
{
	struct tsc_window w[4] = { win(2000, 0, HZ / 500), win(2000, 5, 0),
				   win(2000, 0, HZ / 2000), win(2000, 0, HZ / 300) };
	struct tsc_cal c = tsc_pick(w, 4, 1000000);

	(void)state;
	assert_false(c.trusted);
	assert_int_equal(c.hz, HZ);
	assert_int_equal(c.discarded, 3);
	c = tsc_pick(w, 0, 1000000);
	assert_false(c.trusted);
	assert_int_equal(c.hz, 0);
	assert_int_equal(c.windows, 0);
}

/* A TSC that really runs at another rate than the reference says is not a
 * disturbance: undisturbed windows are trusted at that rate, so a check
 * against a second reference can fail. */
static void test_pick_wrong_rate_trusted(void **state)
{
	struct tsc_window w[3] = { win(2000, 10, 0), win(2000, 10, 0), win(2000, 10, 0) };
	struct tsc_cal c;
	unsigned i;

	(void)state;
	for (i = 0; i < 3; i++)
		w[i].ref /= 2;
	c = tsc_pick(w, 3, 1000000);
	assert_true(c.trusted);
	assert_int_equal(c.hz, 2 * HZ);
}

/* Seconds-long disturbances and a 10 GHz TSC: no product overflows. */
static void test_pick_no_overflow(void **state)
{
	struct tsc_window w[4] = {
		{ .ticks = 10000000000ull * 30, .ref = 2000, .slack = 10000000000ull * 30 - 20000000ull },
		[1 ... 3] = { .ticks = 20000000ull, .ref = 2000, .slack = 10 },
	};
	struct tsc_cal c = tsc_pick(w, 4, 1000000);

	(void)state;
	assert_true(c.trusted);
	assert_int_equal(c.hz, 10000000000ull);
	assert_int_equal(c.discarded, 1);
	c = tsc_pick(w, 1, 1000000);
	assert_false(c.trusted);
	assert_int_equal(c.hz, 10000000000ull * 30 / 2000 * 1000000);
}

/* A loaded host: each Stall step of a window is, with probability
 * percent/100, followed by a descheduling of 0.1-12 ms; undisturbed steps
 * jitter by up to 1 us. */
struct sched {
	uint64_t seed;
	unsigned percent, taken;
};

static uint64_t next(struct sched *s)
{
	s->seed = s->seed * 6364136223846793005ull + 1442695040888963407ull;
	return s->seed >> 33;
}

static bool loaded_stall(struct tsc_window *w, void *arg)
{
	struct sched *s = arg;
	uint64_t t[STALL_STEPS + 1] = { 1000 };
	unsigned i;

	for (i = 0; i < STALL_STEPS; i++) {
		uint64_t d = HZ / 1000000 * STALL_STEP_US + next(s) % (HZ / 1000000);

		if (next(s) % 100 < s->percent)
			d += HZ / 10000 + next(s) % (HZ / 1000 * 12);
		t[i + 1] = t[i] + d;
	}
	s->taken++;
	*w = tsc_window_of_steps(t, STALL_STEPS, STALL_STEP_US);
	return true;
}

static void test_loop_loaded(void **state)
{
	struct sched s = { .seed = 19, .percent = 40, .taken = 0 };
	struct tsc_cal c = calibrate(loaded_stall, &s, 1000000);

	(void)state;
	assert_true(c.trusted);
	assert_int_equal(c.windows, s.taken);
	assert_int_equal(c.windows - c.discarded, TSC_NEED);
	assert_true(c.discarded > 0);
	assert_true(c.hz >= HZ && c.hz <= HZ + HZ / 1000000 * TSC_TOL_PPM);
}

/* Every window disturbed, as in the boots that reported 3.62 GHz: the loop
 * ends at its bound and says the TSC is not calibrated. */
static void test_loop_always_disturbed(void **state)
{
	struct sched s = { .seed = 7, .percent = 100, .taken = 0 };
	struct tsc_cal c = calibrate(loaded_stall, &s, 1000000);

	(void)state;
	assert_false(c.trusted);
	assert_int_equal(c.windows, TSC_MAX_WINDOWS);
	assert_int_equal(c.discarded, TSC_MAX_WINDOWS);
}

static bool no_reading(struct tsc_window *w, void *arg)
{
	(void)w, (void)arg;
	return false;
}

/* A reference that gives no reading (no PIT): no windows at all. */
static void test_loop_no_reference(void **state)
{
	struct tsc_cal c = calibrate(no_reading, NULL, PIT_HZ);

	(void)state;
	assert_int_equal(c.windows, 0);
	assert_false(c.trusted);
	assert_int_equal(c.hz, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_between),
		cmocka_unit_test(test_steps),
		cmocka_unit_test(test_pick_undisturbed),
		cmocka_unit_test(test_pick_discards),
		cmocka_unit_test(test_pick_untrusted),
		cmocka_unit_test(test_pick_wrong_rate_trusted),
		cmocka_unit_test(test_pick_no_overflow),
		cmocka_unit_test(test_loop_loaded),
		cmocka_unit_test(test_loop_always_disturbed),
		cmocka_unit_test(test_loop_no_reference),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
