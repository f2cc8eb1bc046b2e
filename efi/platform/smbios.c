/* SMBIOS (DMTF DSP0134): the firmware, system and board identity from
 * structure types 0, 1 and 2 (efi/platform/smbios.h). Portable: the UEFI side finds
 * the entry point in the system configuration table (efi/platform/identity.c), the
 * host tests hand in bytes. Nothing here trusts the table: every offset is
 * checked against the lengths given. */
#include "efi/platform/smbios.h"

static bool checksum_ok(const uint8_t *p, size_t n)
{
	uint8_t sum = 0;

	for (size_t i = 0; i < n; i++)
		sum += p[i];
	return sum == 0;
}

static uint32_t le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* 2.x: "_SM_", its length at 0x05 (0x1F), version 0x06/0x07, the intermediate
 * "_DMI_" at 0x10, table length 0x16 (16 bits), address 0x18 (32 bits).
 * 3.x: "_SM3_", length 0x06, version 0x07/0x08, maximum table size 0x0C
 * (32 bits), address 0x10 (64 bits). Both checksummed over their length. */
bool smbios_entry(const void *ep, size_t len, uint64_t *table, uint32_t *table_len,
		  struct smbios_ident *id)
{
	const uint8_t *p = ep;

	if (len >= 24 && !memcmp(p, "_SM3_", 5) && p[6] >= 24 && p[6] <= len &&
	    checksum_ok(p, p[6])) {
		snprintf(id->version, sizeof(id->version), "%u.%u", p[7], p[8]);
		*table_len = le32(p + 0x0C);
		*table = le32(p + 0x10) | (uint64_t)le32(p + 0x14) << 32;
		return true;
	}
	/* 0x1E: what some SMBIOS 2.1 firmware gives for 0x1F (DSP0134 5.2.1),
	 * still past every field read here. */
	if (len >= 30 && !memcmp(p, "_SM_", 4) && p[5] >= 30 && p[5] <= len &&
	    checksum_ok(p, p[5]) && !memcmp(p + 0x10, "_DMI_", 5)) {
		snprintf(id->version, sizeof(id->version), "%u.%u", p[6], p[7]);
		*table_len = p[0x16] | (uint32_t)p[0x17] << 8;
		*table = le32(p + 0x18);
		return true;
	}
	return false;
}

/* String number n (1-based) of the string set at s..end, copied as
 * printable ASCII and trimmed; "" for 0 or a number past the set. */
static void get_string(const uint8_t *s, const uint8_t *end, unsigned n, char *out)
{
	size_t k = 0;

	out[0] = '\0';
	if (!n)
		return;
	while (--n && s < end) {
		while (s < end && *s)
			s++;
		s++;
		if (s < end && !*s)
			return; /* the double NUL: the set ended first */
	}
	for (; s < end && *s && k < IDENT_STR - 1; s++)
		out[k++] = *s >= ' ' && *s < 0x7f ? (char)*s : '?';
	while (k && out[k - 1] == ' ')
		k--;
	out[k] = '\0';
}

/* The offsets of the three strings per type: 0 vendor 0x04, version 0x05,
 * release date 0x08; 1 and 2 manufacturer 0x04, product 0x05, serial 0x07. */
static const uint8_t str_off[3][3] = { { 0x04, 0x05, 0x08 }, { 0x04, 0x05, 0x07 },
				       { 0x04, 0x05, 0x07 } };

void smbios_read(const void *table, size_t len, struct smbios_ident *id)
{
	const uint8_t *p = table, *end = p + len;
	struct smbios_strs *dst[3] = { &id->firmware, &id->system, &id->board };

	while (end - p >= 4 && p[1] >= 4 && p[1] <= end - p) {
		const uint8_t *s = p + p[1], *next = s;
		uint8_t type = p[0];

		/* The string set ends with two NULs (only two if it is empty). */
		while (end - next >= 2 && (next[0] || next[1]))
			next++;
		if (end - next < 2)
			return; /* cut by the table's length */
		if (type == 127)
			return;
		if (type <= 2 && !dst[type]->present) {
			dst[type]->present = true;
			for (int i = 0; i < 3; i++)
				if (str_off[type][i] < p[1])
					get_string(s, next + 1, p[str_off[type][i]],
						   dst[type]->s[i]);
		}
		p = next + 2;
	}
}
