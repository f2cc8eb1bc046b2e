/* The identity (lib/identity.h) as text: the date in UTC, and the lines
 * the banner and the TAP head show. */
#include "lib/identity.h"

/* Days since 1970-01-01 of a proleptic Gregorian date, and back (the
 * era-based algorithm: exact for every date the RTC can hold). */
static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
	int64_t era;
	unsigned yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = (unsigned)(y - era * 400);
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, unsigned *m, unsigned *d)
{
	int64_t era;
	unsigned doe, yoe, doy, mp;

	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = (unsigned)(z - era * 146097);
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = (int64_t)yoe + era * 400 + (*m <= 2);
}

int64_t ident_seconds(int year, unsigned mon, unsigned day, unsigned hour, unsigned min,
		      unsigned sec)
{
	return (days_from_civil(year, mon, day) * 24 + hour) * 3600 + min * 60 + sec;
}

void ident_date_utc(struct plat_identity *id, int year, unsigned mon, unsigned day,
		    unsigned hour, unsigned min, unsigned sec, int tz_minutes)
{
	int64_t s, y;
	unsigned m, d;

	id->date_utc[0] = '\0';
	id->tz_minutes = TZ_UNSPECIFIED;
	if (mon < 1 || mon > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 59)
		return;
	s = ident_seconds(year, mon, day, hour, min, sec);
	if (tz_minutes >= -1440 && tz_minutes <= 1440) {
		id->tz_minutes = tz_minutes;
		s -= (int64_t)tz_minutes * 60;
	}
	civil_from_days(s / 86400 - (s % 86400 < 0), &y, &m, &d);
	s = (s % 86400 + 86400) % 86400;
	snprintf(id->date_utc, sizeof(id->date_utc), "%04lld-%02u-%02uT%02u:%02u:%02uZ",
		 (long long)y, m, d, (unsigned)(s / 3600), (unsigned)(s / 60 % 60),
		 (unsigned)(s % 60));
}

static const char *given(const char *s)
{
	return s[0] ? s : "(not given)";
}

/* "EDK II, 0.0.0, 02/06/2015", "QEMU, Standard PC, serial (not given)" or
 * "absent (no SMBIOS type 2)". */
static void part(char *buf, size_t size, int type, const struct smbios_strs *st)
{
	if (!st->present)
		snprintf(buf, size, "absent (no SMBIOS type %d)", type);
	else if (type == 0)
		snprintf(buf, size, "%s, %s, %s", given(st->s[SM_VENDOR]), given(st->s[SM_VERSION]),
			 given(st->s[SM_DATE]));
	else
		snprintf(buf, size, "%s, %s, serial %s", given(st->s[SM_MANUFACTURER]),
			 given(st->s[SM_PRODUCT]), given(st->s[SM_SERIAL]));
}

static void date_text(const struct plat_identity *id, char *buf, size_t size)
{
	if (!id->date_utc[0])
		snprintf(buf, size, "unknown (firmware clock unreadable)");
	else if (id->tz_minutes == TZ_UNSPECIFIED)
		snprintf(buf, size, "%s (firmware clock, time zone unspecified: taken as UTC)",
			 id->date_utc);
	else
		snprintf(buf, size, "%s (firmware clock, UTC%+d min)", id->date_utc, id->tz_minutes);
}

static void microcode_text(const struct plat_identity *id, char *buf, size_t size)
{
	if (id->microcode_known)
		snprintf(buf, size, "0x%x", (unsigned)id->microcode);
	else
		snprintf(buf, size, "unavailable (%s)", id->microcode_why);
}

/* Line 0: the date, the microcode and the firmware; line 1: the system and
 * the board. Each stays under plat_log's 512 bytes with every string at
 * its longest (test_smbios). */
bool ident_line(const struct plat_identity *id, int line, char *buf, size_t size)
{
	const struct smbios_ident *sm = &id->smbios;
	char date[128], ucode[96], a[3 * IDENT_STR + 48], b[3 * IDENT_STR + 48];

	if (line == 0) {
		date_text(id, date, sizeof(date));
		microcode_text(id, ucode, sizeof(ucode));
		if (sm->version[0]) {
			part(a, sizeof(a), 0, &sm->firmware);
			snprintf(buf, size, "identity: %s; microcode %s; SMBIOS %s: firmware %s", date,
				 ucode, sm->version, a);
		} else {
			snprintf(buf, size, "identity: %s; microcode %s; no SMBIOS table", date, ucode);
		}
		return true;
	}
	if (line != 1)
		return false;
	if (!sm->version[0]) {
		snprintf(buf, size, "identity: system and board unknown (no SMBIOS table)");
		return true;
	}
	part(a, sizeof(a), 1, &sm->system);
	part(b, sizeof(b), 2, &sm->board);
	snprintf(buf, size, "identity: system %s; board %s", a, b);
	return true;
}

bool ident_pair(const struct plat_identity *id, int i, const char **key, char *val,
		size_t size)
{
	static const char *const keys[] = { "date_utc", "microcode", "smbios", "firmware",
					    "system", "board" };
	const struct smbios_ident *sm = &id->smbios;
	const struct smbios_strs *st[3] = { &sm->firmware, &sm->system, &sm->board };

	if (i < 0 || i >= (int)ARRAY_SIZE(keys))
		return false;
	*key = keys[i];
	if (i == 0)
		date_text(id, val, size);
	else if (i == 1)
		microcode_text(id, val, size);
	else if (!sm->version[0])
		snprintf(val, size, "%s", i == 2 ? "none" : "unknown (no SMBIOS table)");
	else if (i == 2)
		snprintf(val, size, "%s", sm->version);
	else
		part(val, size, i - 3, st[i - 3]);
	return true;
}
