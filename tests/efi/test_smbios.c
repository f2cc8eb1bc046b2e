/* Host unit tests of efi/platform/smbios.c and lib/identity_text.c: SMBIOS 2.x and
 * 3.x entry points (DSP0134 5.2.1, 5.2.2), the strings of types 0, 1 and 2
 * (DSP0134 7.1, 7.2, 7.3), what is absent, and the firmware clock as UTC. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <cmocka.h>
#include "efi/platform/smbios.h"

static void fix_checksum(uint8_t *p, size_t n, size_t at)
{
	uint8_t sum = 0;

	p[at] = 0;
	for (size_t i = 0; i < n; i++)
		sum += p[i];
	p[at] = (uint8_t)-sum;
}

/* "_SM_" 2.8: length 0x1F, table of 0x1234 bytes at 0x000F0000. */
static void ep2(uint8_t p[32])
{
	memset(p, 0, 32);
	memcpy(p, "_SM_", 4);
	p[5] = 0x1F;
	p[6] = 2;
	p[7] = 8;
	memcpy(p + 0x10, "_DMI_", 5);
	p[0x16] = 0x34;
	p[0x17] = 0x12;
	p[0x1A] = 0x0F;
	fix_checksum(p + 0x10, 0x0F, 5); /* the intermediate checksum */
	fix_checksum(p, 0x1F, 4);
}

/* "_SM3_" 3.3: length 0x18, up to 0x10000 bytes at 0x1_7FFF_0000. */
static void ep3(uint8_t p[24])
{
	memset(p, 0, 24);
	memcpy(p, "_SM3_", 5);
	p[6] = 0x18;
	p[7] = 3;
	p[8] = 3;
	p[0x0E] = 1;
	p[0x12] = 0xFF;
	p[0x13] = 0x7F;
	p[0x14] = 1;
	fix_checksum(p, 0x18, 5);
}

static void entry_points(void **state)
{
	uint8_t p2[32], p3[24];
	struct smbios_ident id;
	uint64_t table;
	uint32_t len;
	(void)state;

	memset(&id, 0, sizeof(id));
	ep2(p2);
	assert_true(smbios_entry(p2, 31, &table, &len, &id));
	assert_string_equal(id.version, "2.8");
	assert_int_equal(table, 0xF0000);
	assert_int_equal(len, 0x1234);
	ep3(p3);
	assert_true(smbios_entry(p3, 24, &table, &len, &id));
	assert_string_equal(id.version, "3.3");
	assert_int_equal(table, 0x17FFF0000ull);
	assert_int_equal(len, 0x10000);
	/* A wrong checksum, anchor or length is no entry point. */
	p2[0x18] ^= 1;
	assert_false(smbios_entry(p2, 31, &table, &len, &id));
	ep2(p2);
	assert_false(smbios_entry(p2, 30, &table, &len, &id)); /* says 31 */
	p2[5] = 0x1E; /* as some 2.1 firmware has it */
	fix_checksum(p2, 0x1E, 4);
	assert_true(smbios_entry(p2, 31, &table, &len, &id));
	assert_int_equal(table, 0xF0000);
	p2[5] = 0x1D;
	fix_checksum(p2, 0x1D, 4);
	assert_false(smbios_entry(p2, 31, &table, &len, &id));
	p3[0] = '-';
	assert_false(smbios_entry(p3, 24, &table, &len, &id));
	ep3(p3);
	assert_false(smbios_entry(p3, 23, &table, &len, &id));
}

/* OVMF's shape: type 0 and 1, no type 2; a string index of 0, trailing
 * blanks and a control byte; a type 4 in between and the end marker. */
static const uint8_t table[] = {
	/* type 0, length 0x12: vendor 1, version 2, date 3 */
	0, 0x12, 0, 0, 1, 2, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	'E', 'D', 'K', ' ', 'I', 'I', 0, '0', '.', '0', '.', '0', ' ', ' ', 0,
	'0', '2', '/', '0', '6', '/', '2', '0', '1', '5', 0, 0,
	/* type 4, no strings */
	4, 6, 1, 0, 0, 0, 0, 0,
	/* type 1, length 0x1B: manufacturer 1, product 2, serial 0 (none) */
	1, 0x1B, 2, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	'Q', 'E', 'M', 'U', 0, 'S', 't', 'd', '\x01', 'P', 'C', 0, 0,
	/* a second type 0: the first one counts */
	0, 0x12, 3, 0, 1, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 'X', 0, 0,
	127, 4, 4, 0, 0, 0,
	/* past the end marker */
	2, 8, 5, 0, 1, 1, 0, 0, 'B', 0, 0,
};

static void types_0_1_2(void **state)
{
	struct smbios_ident id;
	(void)state;

	memset(&id, 0, sizeof(id));
	smbios_read(table, sizeof(table), &id);
	assert_true(id.firmware.present);
	assert_string_equal(id.firmware.s[SM_VENDOR], "EDK II");
	assert_string_equal(id.firmware.s[SM_VERSION], "0.0.0");
	assert_string_equal(id.firmware.s[SM_DATE], "02/06/2015");
	assert_true(id.system.present);
	assert_string_equal(id.system.s[SM_MANUFACTURER], "QEMU");
	assert_string_equal(id.system.s[SM_PRODUCT], "Std?PC");
	assert_string_equal(id.system.s[SM_SERIAL], "");
	assert_false(id.board.present);
}

/* A table cut anywhere, or a structure whose length is wrong, never reads
 * past len: each prefix parses to a subset of the whole. */
static void cut_tables(void **state)
{
	(void)state;
	for (size_t n = 0; n < sizeof(table); n++) {
		uint8_t *copy = malloc(n ? n : 1);
		struct smbios_ident id;

		memcpy(copy, table, n);
		memset(&id, 0, sizeof(id));
		smbios_read(copy, n, &id);
		if (id.system.present)
			assert_string_equal(id.system.s[SM_MANUFACTURER], "QEMU");
		assert_false(id.board.present);
		free(copy);
	}
}

/* A string number past the structure's set, and a long string, cut. */
static void odd_strings(void **state)
{
	uint8_t t[200] = { 2, 8, 0, 0, 1, 9, 0, 3 };
	struct smbios_ident id;
	size_t n = 8;
	(void)state;

	memset(t + n, 'a', 100);
	n += 100;
	t[n++] = 0;
	t[n++] = 'b';
	t[n++] = 0;
	t[n++] = 0;
	memset(&id, 0, sizeof(id));
	smbios_read(t, n, &id);
	assert_true(id.board.present);
	assert_int_equal(strlen(id.board.s[SM_MANUFACTURER]), IDENT_STR - 1);
	assert_string_equal(id.board.s[SM_PRODUCT], "");  /* string 9 of 2 */
	assert_string_equal(id.board.s[SM_SERIAL], "");   /* string 3 of 2 */
}

/* The clock as UTC, across a day, a year and a leap day. */
static void clock_to_utc(void **state)
{
	struct plat_identity id;
	(void)state;

	ident_date_utc(&id, 2026, 11, 25, 3, 19, 47, TZ_UNSPECIFIED);
	assert_string_equal(id.date_utc, "2026-11-25T03:19:47Z");
	assert_int_equal(id.tz_minutes, TZ_UNSPECIFIED);
	ident_date_utc(&id, 2027, 1, 1, 0, 30, 0, 60); /* 00:30 at UTC+1 */
	assert_string_equal(id.date_utc, "2026-12-31T23:30:00Z");
	assert_int_equal(id.tz_minutes, 60);
	ident_date_utc(&id, 2024, 2, 28, 20, 0, 0, -300); /* 20:00 at UTC-5 */
	assert_string_equal(id.date_utc, "2024-02-29T01:00:00Z");
	ident_date_utc(&id, 2024, 13, 1, 0, 0, 0, 0);
	assert_string_equal(id.date_utc, "");
}

/* The banner's two lines name what is absent. */
static void lines(void **state)
{
	struct plat_identity id;
	char buf[512];
	(void)state;

	memset(&id, 0, sizeof(id));
	ident_date_utc(&id, 2026, 11, 25, 3, 19, 47, TZ_UNSPECIFIED);
	snprintf(id.microcode_why, sizeof(id.microcode_why), "reading MSR 0x8B took exception 13");
	assert_true(ident_line(&id, 0, buf, sizeof(buf)));
	assert_string_equal(buf, "identity: 2026-11-25T03:19:47Z (firmware clock, time zone "
			    "unspecified: taken as UTC); microcode unavailable (reading MSR 0x8B "
			    "took exception 13); no SMBIOS table");
	assert_true(ident_line(&id, 1, buf, sizeof(buf)));
	assert_string_equal(buf, "identity: system and board unknown (no SMBIOS table)");
	assert_false(ident_line(&id, 2, buf, sizeof(buf)));
	strcpy(id.smbios.version, "2.8");
	smbios_read(table, sizeof(table), &id.smbios);
	id.microcode_known = true;
	id.microcode = 0x1d;
	ident_date_utc(&id, 2026, 11, 25, 4, 19, 47, 60);
	assert_true(ident_line(&id, 0, buf, sizeof(buf)));
	assert_string_equal(buf, "identity: 2026-11-25T03:19:47Z (firmware clock, UTC+60 min); "
			    "microcode 0x1d; SMBIOS 2.8: firmware EDK II, 0.0.0, 02/06/2015");
	assert_true(ident_line(&id, 1, buf, sizeof(buf)));
	assert_string_equal(buf, "identity: system QEMU, Std?PC, serial (not given); board absent "
			    "(no SMBIOS type 2)");
}

/* The pairs the TAP head and the JUnit properties take. */
static void pairs(void **state)
{
	static const char *const want[][2] = {
		{ "date_utc", "2026-11-25T03:19:47Z (firmware clock, time zone unspecified: taken "
			      "as UTC)" },
		{ "microcode", "0x1d" },
		{ "smbios", "2.8" },
		{ "firmware", "EDK II, 0.0.0, 02/06/2015" },
		{ "system", "QEMU, Std?PC, serial (not given)" },
		{ "board", "absent (no SMBIOS type 2)" },
	};
	struct plat_identity id;
	const char *key;
	char val[512];
	int i;
	(void)state;

	memset(&id, 0, sizeof(id));
	ident_date_utc(&id, 2026, 11, 25, 3, 19, 47, TZ_UNSPECIFIED);
	id.microcode_known = true;
	id.microcode = 0x1d;
	strcpy(id.smbios.version, "2.8");
	smbios_read(table, sizeof(table), &id.smbios);
	for (i = 0; ident_pair(&id, i, &key, val, sizeof(val)); i++) {
		assert_true(i < (int)ARRAY_SIZE(want));
		assert_string_equal(key, want[i][0]);
		assert_string_equal(val, want[i][1]);
	}
	assert_int_equal(i, ARRAY_SIZE(want));
	id.smbios.version[0] = '\0';
	id.microcode_known = false;
	strcpy(id.microcode_why, "reading MSR 0x8B took exception 13");
	assert_true(ident_pair(&id, 1, &key, val, sizeof(val)));
	assert_string_equal(val, "unavailable (reading MSR 0x8B took exception 13)");
	assert_true(ident_pair(&id, 2, &key, val, sizeof(val)));
	assert_string_equal(val, "none");
	assert_true(ident_pair(&id, 5, &key, val, sizeof(val)));
	assert_string_equal(val, "unknown (no SMBIOS table)");
}

/* Every string at its longest: each line still fits plat_log's 512 bytes,
 * so the console never cuts one. */
static void lines_fit_the_console(void **state)
{
	struct plat_identity id;
	struct smbios_strs *all[3];
	char buf[1024];
	(void)state;

	memset(&id, 0, sizeof(id));
	ident_date_utc(&id, 2026, 11, 25, 4, 19, 47, -1440);
	memset(id.microcode_why, 'w', sizeof(id.microcode_why) - 1);
	strcpy(id.smbios.version, "255.255");
	all[0] = &id.smbios.firmware;
	all[1] = &id.smbios.system;
	all[2] = &id.smbios.board;
	for (int t = 0; t < 3; t++) {
		all[t]->present = true;
		for (int i = 0; i < 3; i++)
			memset(all[t]->s[i], 's', IDENT_STR - 1);
	}
	for (int line = 0; line < 2; line++) {
		assert_true(ident_line(&id, line, buf, sizeof(buf)));
		assert_true(strlen(buf) < 512);
	}
	id.microcode_known = true;
	id.microcode = UINT32_MAX;
	assert_true(ident_line(&id, 0, buf, sizeof(buf)));
	assert_true(strlen(buf) < 512);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(entry_points),
		cmocka_unit_test(types_0_1_2),
		cmocka_unit_test(cut_tables),
		cmocka_unit_test(odd_strings),
		cmocka_unit_test(clock_to_utc),
		cmocka_unit_test(lines),
		cmocka_unit_test(lines_fit_the_console),
		cmocka_unit_test(pairs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
