/* The run's identity beyond the CPUID fields: what a bug
 * report needs to name the machine and the moment. Collected once on the
 * BSP (efi/platform/identity.c on UEFI, a stub on the host), shown in the banner and
 * the TAP head (ident_line) and written into results.json (json_put_head).
 * Portable; in lib/ beside the platform interface that returns it
 * (plat_identity), with its text (lib/identity_text.c). Reading SMBIOS is
 * the UEFI platform's: efi/platform/smbios.h. */
#ifndef LIB_IDENTITY_H
#define LIB_IDENTITY_H

#include "lib/rt.h"

/* SMBIOS strings are kept up to this many bytes (63 and a NUL), printable
 * ASCII only (others become '?'), trailing blanks dropped. */
#define IDENT_STR 64

/* One SMBIOS structure's strings of interest; present false when the table
 * has no structure of that type. A string the structure does not give
 * (index 0) or that is empty after trimming is "". */
struct smbios_strs {
	bool present;
	char s[3][IDENT_STR];
};

/* Type 0 (BIOS information): vendor, version, release date. Types 1
 * (system) and 2 (baseboard): manufacturer, product, serial number. */
enum { SM_VENDOR = 0, SM_VERSION = 1, SM_DATE = 2 };
enum { SM_MANUFACTURER = 0, SM_PRODUCT = 1, SM_SERIAL = 2 };

struct smbios_ident {
	char version[12]; /* the entry point's "2.8", "3.0"; "" = no SMBIOS table */
	struct smbios_strs firmware, system, board; /* types 0, 1, 2 */
};

struct plat_identity {
	/* The firmware clock (UEFI GetTime) at the start, as UTC:
	 * "2026-11-25T03:19:47Z", or "" if the clock could not be read.
	 * tz_minutes is the clock's offset from UTC, or TZ_UNSPECIFIED
	 * (then the clock is taken to be UTC, as PC firmware usually keeps). */
	char date_utc[40];
	int tz_minutes;
	/* IA32_BIOS_SIGN_ID (0x8B) bits 63:32 after writing 0 and CPUID leaf 1
	 * (SDM Vol. 3A 10.11.7.1), if the MSR could be read; else why not. */
	bool microcode_known;
	uint32_t microcode;
	char microcode_why[64];
	struct smbios_ident smbios;
};
#define TZ_UNSPECIFIED 0x7FF /* EFI_UNSPECIFIED_TIMEZONE */

/* The firmware clock's reading as date_utc and tz_minutes: the clock is
 * local time at tz_minutes from UTC (UEFI 2.10 8.3.1, EFI_TIME.TimeZone:
 * local = UTC + TimeZone), or, for any value outside -1440..1440 (such as
 * EFI_UNSPECIFIED_TIMEZONE), taken as UTC with tz_minutes TZ_UNSPECIFIED.
 * A reading out of range (month 13, hour 24 ...) leaves date_utc "". */
void ident_date_utc(struct plat_identity *id, int year, unsigned mon, unsigned day,
		    unsigned hour, unsigned min, unsigned sec, int tz_minutes);
/* The clock's reading in seconds since 1970-01-01 of its own time zone:
 * for the time between two readings (efi/progress.c). */
int64_t ident_seconds(int year, unsigned mon, unsigned day, unsigned hour, unsigned min,
		      unsigned sec);

/* The identity on at most two console lines (line 0, 1; returns false past
 * the last): "identity: date ... UTC; microcode 0x..." and "identity:
 * firmware ...; system ...; board ...", each absent part named. */
bool ident_line(const struct plat_identity *id, int line, char *buf, size_t size);

/* The same as key/value pairs, for the TAP head and JUnit properties: pair
 * i, or false past the last: date_utc (with the clock's time zone),
 * microcode ("0x1d" or "unavailable (why)"), smbios (its version or
 * "none"), firmware, system and board (as the lines show them, without
 * the name). */
bool ident_pair(const struct plat_identity *id, int i, const char **key, char *val,
		size_t size);

#endif
