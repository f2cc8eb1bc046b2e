/* The JSON result writer against a memory-backed rfile (test_results.h):
 * validity after every single call (checked by the strict parser),
 * escaping, truncation, the register trace and write failures. */
#include "tests/harness/test_results.h"
#include "host/host.h"

/* ---- JSON --------------------------------------------------------------- */

static void json_escape_cases(void **state)
{
	char buf[128];
	(void)state;

	assert_int_equal(json_escape(buf, sizeof(buf), "plain text"), 10);
	assert_string_equal(buf, "plain text");
	json_escape(buf, sizeof(buf), "q\"b\\s/");
	assert_string_equal(buf, "q\\\"b\\\\s/");
	json_escape(buf, sizeof(buf), "\n\t\x01\x1f\x7f");
	assert_string_equal(buf, "\\u000a\\u0009\\u0001\\u001f\\u007f");
	assert_int_equal(json_escape(buf, sizeof(buf), "\x80\xe9\xff"), 18);
	assert_string_equal(buf, "\\u0080\\u00e9\\u00ff");
	assert_int_equal(json_escape(buf, sizeof(buf), ""), 0);
	assert_string_equal(buf, "");
}

/* A short buffer cuts between escapes, never inside one, and is always
 * NUL-terminated. */
static void json_escape_truncates_whole_escapes(void **state)
{
	char buf[16];
	(void)state;

	memset(buf, 'x', sizeof(buf));
	assert_int_equal(json_escape(buf, 4, "ab\"c"), 2);
	assert_string_equal(buf, "ab");
	assert_int_equal(json_escape(buf, 5, "ab\"c"), 4);
	assert_string_equal(buf, "ab\\\"");
	assert_int_equal(json_escape(buf, 7, "a\x01"), 1);
	assert_string_equal(buf, "a");
	assert_int_equal(json_escape(buf, 1, "abc"), 0);
	assert_string_equal(buf, "");
	buf[0] = 'x';
	assert_int_equal(json_escape(buf, 0, "abc"), 0);
	assert_int_equal(buf[0], 'x');
}

/* The validator must not be vacuous. */
static void json_validator_rejects_invalid(void **state)
{
	static const char *const bad[] = {
		"", "{", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "{a:1}", "\"x",
		"\"\x01\"", "\"\\x\"", "\"\\u12g4\"", "01", "1.", "-", "1e",
		"tru", "nul", "[1] 2", "{\"a\":1}}", "\"\xc3\xa9\"",
	};
	static const char *const good[] = {
		"{}", "[]", "0", "-0.5e+10", "\"\\u00e9\\n\"", " {\"a\":[1,true,null,{}]} \n",
	};
	(void)state;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		if (json_valid(bad[i], strlen(bad[i])))
			fail_msg("accepted invalid: %s", bad[i]);
	for (size_t i = 0; i < ARRAY_SIZE(good); i++)
		if (!json_valid(good[i], strlen(good[i])))
			fail_msg("rejected valid: %s", good[i]);
}

/* The identity json_put_head takes from the platform (lib/identity.h): an
 * OVMF-like SMBIOS with no board (type 2), a known microcode revision. */
static void fixed_identity(void)
{
	struct plat_identity *id = host_identity();

	memset(id, 0, sizeof(*id));
	strcpy(id->date_utc, "2026-11-25T03:19:47Z");
	id->tz_minutes = TZ_UNSPECIFIED;
	id->microcode_known = true;
	id->microcode = 0x1d;
	strcpy(id->smbios.version, "2.8");
	id->smbios.firmware = (struct smbios_strs){ .present = true,
						    .s = { "EDK II", "0.0.0", "02/06/2015" } };
	id->smbios.system = (struct smbios_strs){ .present = true,
						  .s = { "QEMU", "Standard PC \"Q35\"", "" } };
}

static const char json_head[] =
	"{\"schema_version\":2,\"harness\":\"uncore-harness\",\"version\":\"v1.2-3-gabc\","
	"\"run\":\"run-0007\",\"tag\":\"lab1\",\"date_utc\":\"2026-11-25T03:19:47Z\","
	"\"clock_time_zone_min\":null,\"smbios\":{\"version\":\"2.8\",\"firmware\":"
	"{\"vendor\":\"EDK II\",\"version\":\"0.0.0\",\"date\":\"02/06/2015\"},\"system\":"
	"{\"manufacturer\":\"QEMU\",\"product\":\"Standard PC \\\"Q35\\\"\",\"serial\":null},"
	"\"board\":null},\"config\":{\"tests\":\"*\",\"skip\":\"\",\"list\":\"0\","
	"\"verbose\":\"1\",\"end\":\"auto\",\"repeat\":\"1\",\"tag\":\"\",\"serial\":\"off\","
	"\"baud\":\"115200\",\"results.serial\":\"auto\",\"apic\":\"keep\","
	"\"expect_cpu\":\"any\",\"backend\":\"auto\","
	"\"uncore\":\"auto\",\"emu.fault\":\"none\",\"emu.fault.each\":\"0\",\"emu.uclk_mhz\":\"2133\","
	"\"emu.core_ebx\":\"auto\",\"emu.core_leaf23\":\"full\",\"emu.throttle\":\"0\",\"inject\":\"none\",\"watchdog\":\"300\",\"watchdog.resets\":\"3\","
	"\"debug.hang\":\"none\",\"debug.allow_hang\":\"0\"},\"config_ignored\":[],"
	"\"cpu\":{\"vendor\":\"GenuineIntel\",\"signature\":\"0x000106a5\","
	"\"family\":6,\"model\":26,\"stepping\":5,"
	"\"brand\":\"Intel(R) Xeon(R) CPU X5550 @ 2.67GHz\",\"hypervisor\":null,"
	"\"microcode\":\"0x1d\"},"
	"\"cpus\":8,\"packages\":2,\"apic_mode\":\"xAPIC\",\"backend\":\"hw\","
	"\"uncore\":\"nhm\",\"core_pmu\":{\"source\":\"hardware\",\"shape\":null,"
	"\"version\":3,\"gp_counters\":4,\"gp_width\":48,\"fixed_counters\":3,"
	"\"fixed_width\":48,\"ebx_length\":7,\"ebx\":\"0x40\",\"ebx_set_means\":\"not available\","
	"\"perf_capabilities\":\"0x1c3\"},"
	"\"validates\":\"silicon\",\"tsc_hz\":2666000000,\"tests\":[";

static const char json_expected[] =
	"{\"id\":\"a.pass.plain\",\"description\":\"passes\",\"iteration\":1,"
	"\"verdict\":\"PASS\",\"reason\":\"\",\"duration_us\":10,\"figures\":{}},"
	"{\"id\":\"a.pass.figs\",\"description\":\"passes with figures\","
	"\"iteration\":2,\"verdict\":\"PASS\",\"reason\":\"\",\"duration_us\":1234,"
	"\"figures\":{\"latency_us\":{\"value\":42,\"unit\":\"us\"},"
	"\"latency_us_median\":[{\"core\":0,\"value\":12,\"unit\":\"us\"},"
	"{\"core\":1,\"value\":15,\"unit\":\"us\"}],"
	"\"delta_count\":{\"value\":-7,\"unit\":\"count\"},"
	"\"pmis_count\":[{\"box\":\"C0\",\"value\":3,\"unit\":\"count\"}],"
	"\"uclk_hz\":{\"value\":133000000,\"unit\":\"hz\",\"expected\":133330000,"
	"\"tolerance\":2666600}}},"
	"{\"id\":\"a.fail\",\"description\":\"fails\",\"iteration\":1,"
	"\"verdict\":\"FAIL\",\"reason\":\"expected 1, got \\\"2\\\"\","
	"\"duration_us\":50,\"figures\":{}},"
	"{\"id\":\"a.skip\",\"description\":\"skips\",\"iteration\":1,"
	"\"verdict\":\"SKIP\",\"reason\":\"needs 2 packages\",\"duration_us\":0,"
	"\"figures\":{}},"
	"{\"id\":\"a.xfail\",\"description\":\"known bad\",\"iteration\":1,"
	"\"verdict\":\"XFAIL\",\"reason\":\"known erratum\",\"duration_us\":3,"
	"\"figures\":{}},"
	"{\"id\":\"a.error\",\"description\":\"harness error\",\"iteration\":1,"
	"\"verdict\":\"ERROR\",\"reason\":\"timeout\",\"duration_us\":5000000,"
	"\"figures\":{}}"
	"],\"summary\":{\"passed\":2,\"failed\":1,\"skipped\":1,\"xfail\":1,"
	"\"error\":1,\"not_applicable\":0,\"planned\":6,\"elapsed_us\":0},\"complete\":true}\n";

static const char open_tail[] = "],\"summary\":null,\"complete\":false}\n";

static bool ends_with(const struct mem *m, const char *s)
{
	size_t n = strlen(s);

	return m->len >= n && !memcmp(m->p + m->len - n, s, n);
}

/* What the config parsers ignored is in the head, each message a string,
 * the ones past the kept a count. */
static void json_head_names_ignored_config(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	unsigned i;

	(void)state;
	cfg_defaults(host_cfg());
	cfg_ignored(host_cfg(), "config from make qemu OPTS, word 1 (config \\x.cfg line 3): "
		    "unknown key 'verbos'; did you mean verbose?; line ignored");
	json_begin(&f, &info);
	assert_json(&m);
	assert_non_null(strstr(m.p, ",\"config_ignored\":[\"config from make qemu OPTS, word 1 "
			       "(config \\\\x.cfg line 3): unknown key 'verbos'; did you mean "
			       "verbose?; line ignored\"],\"cpu\":"));
	for (i = 0; i < CFG_IGNORED_KEEP + 1; i++)
		cfg_ignored(host_cfg(), "x");
	mem_teardown(&m);
	f = mem_file(&m);
	json_begin(&f, &info);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"x\",\"2 more (their messages are at the start)\"]"));
	mem_teardown(&m);
	cfg_defaults(host_cfg());
}

/* Valid after every call, only ever growing, and exact at the end. */
static void json_valid_after_every_call(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	char full[4096];
	size_t prev;
	(void)state;

	sample_run(r, &t);
	json_begin(&f, &info);
	assert_json(&m);
	assert_true(strncmp(m.p, json_head, strlen(json_head)) == 0);
	assert_string_equal(m.p + strlen(json_head), open_tail);
	for (int i = 0; i < 6; i++) {
		prev = m.len;
		json_result(&f, &r[i]);
		assert_json(&m);
		assert_true(m.len > prev);
		assert_true(ends_with(&m, open_tail));
		assert_int_equal(f.tail + strlen(open_tail), m.len);
	}
	json_end(&f, &t);
	assert_json(&m);
	assert_false(f.failed);
	assert_int_equal(m.flushes, 8);
	assert_int_equal(f.pos, m.len);
	snprintf(full, sizeof(full), "%s%s", json_head, json_expected);
	assert_string_equal(m.p, full);
	mem_teardown(&m);
}

/* A run with no results at all, then the final tail over the open one:
 * nothing of the old tail may survive behind the new document. */
static void json_empty_run_and_end_covers_tail(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tally t;
	struct run_info ri = info;
	char full[2048];
	(void)state;

	memset(&t, 0, sizeof(t));
	snprintf(ri.hypervisor, sizeof(ri.hypervisor), "KVMKVMKVM");
	ri.tag = NULL;
	json_begin(&f, &ri);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"hypervisor\":\"KVMKVMKVM\",\"microcode\":\"0x1d\"}"));
	assert_non_null(strstr(m.p, "\"tag\":\"\""));
	assert_non_null(strstr(m.p, "\"tests\":[],\"summary\":null"));
	json_end(&f, &t);
	assert_json(&m);
	assert_int_equal(f.pos, m.len);
	snprintf(full, sizeof(full), "%.*s],\"summary\":{\"passed\":0,\"failed\":0,"
		 "\"skipped\":0,\"xfail\":0,\"error\":0,\"not_applicable\":0,\"planned\":0,\"elapsed_us\":0},"
		 "\"complete\":true}\n", (int)f.tail, m.p);
	assert_string_equal(m.p, full);
	mem_teardown(&m);
}

/* C-64..C-66: a version-6 core PMU's leaf 23H in core_pmu, its sub-leaf 1
 * bitmaps (a hole in the general one) where sub-leaf 0 EAX bit 1 says
 * sub-leaf 1 is valid, null where only bit 0 is set (a hypervisor's view);
 * no leaf23 key where the leaf is not enumerated (json_head above). */
static void json_core_leaf23(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct run_info ri = info;
	(void)state;

	ri.core.version = 6;
	ri.core.leaf23 = 0x3;
	ri.core.leaf23_ext = 0x3;
	ri.core.gp_bitmap = 0xEF;
	ri.core.fixed_bitmap23 = 0x77;
	json_begin(&f, &ri);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"perf_capabilities\":\"0x1c3\",\"leaf23\":{\"subleaves\":"
			       "\"0x3\",\"sub1\":true,\"features\":\"0x3\",\"umask2\":true,"
			       "\"eq\":true,\"gp_bitmap\":\"0xef\",\"fixed_bitmap\":\"0x77\"}},"));
	mem_teardown(&m);
	f = mem_file(&m);
	ri.core.leaf23 = 0x1;
	ri.core.leaf23_ext = 0x2;
	json_begin(&f, &ri);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"leaf23\":{\"subleaves\":\"0x1\",\"sub1\":false,"
			       "\"features\":\"0x2\",\"umask2\":false,\"eq\":true,"
			       "\"gp_bitmap\":null,\"fixed_bitmap\":null}},"));
	mem_teardown(&m);
}

/* Pathological input everywhere: every string of the banner at its limit
 * and full of escapes, the id and description cut, figures that do not fit
 * dropped whole, the reason yielding the rest of the space. Both files stay
 * well-formed. */
static void oversized_input_stays_well_formed(void **state)
{
	struct mem m, mt;
	struct rfile f = mem_file(&m), ft = mem_file(&mt);
	static char cfg[8192], id[301], desc[601], word[300];
	char esc[T_REASON_LEN * 6 + 1];
	struct test big = { .id = id, .desc = desc };
	struct run_info ri = info;
	struct tresult r;
	const char *reason;
	size_t rlen;
	(void)state;

	memset(cfg, '\\', sizeof(cfg) - 1);
	memset(word, 1, sizeof(word) - 1);
	memset(ri.cpu_vendor, 1, sizeof(ri.cpu_vendor) - 1);
	memset(ri.brand, 1, sizeof(ri.brand) - 1);
	memset(ri.hypervisor, 1, sizeof(ri.hypervisor) - 1);
	ri.version = ri.tag = ri.apic_mode = ri.backend = ri.uncore = word;
	ri.config = cfg;
	memset(id, '"', sizeof(id) - 1);
	memset(desc, 1, sizeof(desc) - 1);
	r = mk(1, V_FAIL, "", 0);
	r.test = &big;
	memset(r.reason, 2, T_REASON_LEN - 1);
	for (unsigned i = 0; i < T_MAX_FIGURES; i++) {
		struct figure *fg = &r.figs[r.nfigs++];

		memset(fg->name, 3, sizeof(fg->name) - 1);
		fg->name[0] = (char)('A' + i); /* distinct keys */
		fg->value = INT64_MIN;
		memset(fg->unit, 4, sizeof(fg->unit) - 1);
		if (i % 2) { /* every other one indexed, by a box name of escapes */
			fg->key = FIG_BOX;
			memset(fg->at, 5, sizeof(fg->at) - 1);
		}
	}
	for (unsigned i = 0; i < T_MAX_OBS; i++) { /* every string all escapes */
		struct observation *o = &r.obs[r.nobs++];

		memset(o->oq, 6, sizeof(o->oq) - 1);
		o->oq[0] = (char)('a' + i);
		memset(o->want, 7, sizeof(o->want) - 1);
		memset(o->seen, 8, sizeof(o->seen) - 1);
		o->checks = o->misses = 1;
	}
	json_begin(&f, &ri);
	assert_json(&m);
	assert_true(ends_with(&m, "\",\"tsc_hz\":2666000000,\"tests\":[],"
			     "\"summary\":null,\"complete\":false}\n"));
	json_result(&f, &r);
	assert_json(&m);
	json_result(&f, &r); /* and again, after a comma */
	assert_json(&m);

	/* The reason is a proper prefix of its full escape. */
	json_escape(esc, sizeof(esc), r.reason);
	reason = strstr(m.p, "\"reason\":\"") + strlen("\"reason\":\"");
	rlen = (size_t)(strchr(reason, '"') - reason);
	assert_true(rlen > 0 && rlen < strlen(esc));
	assert_true(rlen % 6 == 0);
	assert_memory_equal(reason, esc, rlen);
	/* Some figures made it, not all of them. */
	assert_non_null(strstr(m.p, "\"A\\u0003"));
	assert_null(strstr(m.p, "\"P\\u0003"));
	assert_non_null(strstr(m.p, "\"value\":-9223372036854775808"));
	/* So did some open questions, each whole, the rest counted. */
	assert_non_null(strstr(m.p, "\"open_questions\":[{\"id\":\"a\\u0006"));
	assert_null(strstr(m.p, "\"id\":\"h\\u0006"));
	assert_non_null(strstr(m.p, "],\"open_questions_dropped\":"));

	tap_begin(&ft, &ri);
	assert_true(ends_with(&mt, "\\\\\n"));
	tap_result(&ft, &r);
	assert_true(ends_with(&mt, " more not recorded\n  ...\n"));
	assert_non_null(strstr(mt.p, "\n  open_questions:\n    - id: \"a\\u0006"));
	assert_non_null(strstr(mt.p, "\n  severity: fail\n"));
	assert_false(f.failed || ft.failed);
	mem_teardown(&m);
	mem_teardown(&mt);
}

/* A failed write leaves the last complete document and stops all output. */
/* verbose=3: a record carries its register trace, names from the table, a
 * fault as null plus the vector, and what did not fit as trace_dropped. */
static void json_register_trace(void **state)
{
	static struct msr_trace tr[TRACE_MAX];
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r = mk(1, V_PASS, "", 5);
	unsigned i;

	(void)state;
	pmu_trace_set_gen(uncore_gen_by_name("nhm"));
	tr[0] = (struct msr_trace){ .addr = 0x391, .cpu = 0, .write = true, .val = 0x100000000ull };
	tr[1] = (struct msr_trace){ .addr = 0x3C3, .cpu = 1, .rc = 13 };
	r.trace = tr;
	r.ntrace = 2;
	json_begin(&f, &info);
	json_result(&f, &r);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"trace\":[[\"wr\",0,\"0x391\",\"UNCORE_PERF_GLOBAL_CTRL\","
			       "\"0x100000000\"],[\"rd\",1,\"0x3c3\",\"UNCORE_PerfEvtSel3\",null,13]],"
			       "\"trace_dropped\":0}"));
	for (i = 0; i < TRACE_MAX; i++)
		tr[i] = (struct msr_trace){ .addr = 0x12345678, .cpu = 63, .write = true, .val = ~0ull };
	r.ntrace = TRACE_MAX;
	r.trace_dropped = 7;
	json_result(&f, &r);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"0x12345678\",\"?\",\"0xffffffffffffffff\"]"));
	/* A full trace fits the record; what the buffer lost is still counted. */
	assert_non_null(strstr(m.p, "\"trace_dropped\":7}"));
	mem_teardown(&m);
	pmu_trace_set_gen(NULL);
}

/* A PCI access has its address as its trace line gives it, named from the
 * generation's PCI boxes; a master abort is null plus PLAT_EABORT. */
static void json_pci_trace(void **state)
{
	static struct msr_trace tr[2];
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r = mk(1, V_PASS, "", 5);

	(void)state;
	pmu_trace_set_gen(uncore_gen_by_name("snbep"));
	tr[0] = (struct msr_trace){ .addr = TRACE_PCI_ADDR(((struct pci_fn){ .bus = 0x7f, .dev = 16 }),
							    0xF4),
				    .cpu = 2, .space = TRACE_PCI, .bytes = 4, .write = true,
				    .val = 0x10100 };
	tr[1] = (struct msr_trace){ .addr = TRACE_PCI_ADDR(((struct pci_fn){ .bus = 0x3f, .dev = 16 }),
							    0),
				    .space = TRACE_PCI, .bytes = 2, .val = 0xffff,
				    .rc = PLAT_EABORT };
	r.trace = tr;
	r.ntrace = 2;
	json_begin(&f, &info);
	json_result(&f, &r);
	assert_json(&m);
	assert_non_null(strstr(m.p, "[\"wr\",2,\"pci 0000:7f:10.0+0xf4/4\",\"MC_CH_PCI_PMON_BOX_CTL[0]\","
			       "\"0x10100\"],[\"rd\",0,\"pci 0000:3f:10.0+0x0/2\",\"?\",null,-7]"));
	mem_teardown(&m);
	pmu_trace_set_gen(NULL);
}

static void json_write_failure_keeps_last_valid(void **state)
{
	struct mem m;
	struct rfile f = mem_file(&m);
	struct tresult r[6];
	struct tally t;
	(void)state;

	m.fail_write = 3;
	sample_run(r, &t);
	json_begin(&f, &info);
	json_result(&f, &r[0]);
	json_result(&f, &r[1]);
	assert_true(f.failed);
	json_result(&f, &r[2]);
	json_end(&f, &t);
	assert_int_equal(m.writes, 3);
	assert_json(&m);
	assert_non_null(strstr(m.p, "\"id\":\"a.pass.plain\""));
	assert_null(strstr(m.p, "\"id\":\"a.pass.figs\""));
	assert_true(ends_with(&m, open_tail));
	mem_teardown(&m);
}

/* A failed flush counts as a failed write: both writers stop at once. */

int main(void)
{
	const struct CMUnitTest t[] = {
		cmocka_unit_test(json_head_names_ignored_config),
		cmocka_unit_test(json_escape_cases),
		cmocka_unit_test(json_escape_truncates_whole_escapes),
		cmocka_unit_test(json_validator_rejects_invalid),
		cmocka_unit_test(json_valid_after_every_call),
		cmocka_unit_test(json_empty_run_and_end_covers_tail),
		cmocka_unit_test(json_core_leaf23),
		cmocka_unit_test(oversized_input_stays_well_formed),
		cmocka_unit_test(json_register_trace),
		cmocka_unit_test(json_pci_trace),
		cmocka_unit_test(json_write_failure_keeps_last_valid),
	};

	fixed_identity();
	return cmocka_run_group_tests(t, NULL, NULL);
}
