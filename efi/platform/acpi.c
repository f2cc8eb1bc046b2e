/* The ACPI MCFG table's ECAM ranges (efi/platform/acpi.h). */
#include "efi/platform/acpi.h"

static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint64_t rd64(const uint8_t *p) { return rd32(p) | (uint64_t)rd32(p + 4) << 32; }

/* ACPI 6.4 5.2.5.3: revision (byte 15) 2 and above has the XSDT's
 * address at 24; 5.2.6: an SDT header is 36 bytes, its length at 4. */
static const uint8_t *find_table(const uint8_t *rsdp, const char *sig)
{
	bool x = rsdp[15] >= 2 && rd64(rsdp + 24);
	const uint8_t *sdt = (const uint8_t *)(uintptr_t)(x ? rd64(rsdp + 24) : rd32(rsdp + 16));
	unsigned step = x ? 8 : 4, i, n;

	if (!sdt || rd32(sdt + 4) < 36)
		return NULL;
	n = (rd32(sdt + 4) - 36) / step;
	for (i = 0; i < n; i++) {
		const uint8_t *t = sdt + 36 + i * step;
		const uint8_t *h = (const uint8_t *)(uintptr_t)(x ? rd64(t) : rd32(t));

		if (h && !memcmp(h, sig, 4))
			return h;
	}
	return NULL;
}

/* PCI Firmware 3.0 Table 4-2, 4-3: 8 reserved bytes after the header,
 * then 16-byte entries (base, segment, start and end bus). */
int acpi_mcfg(const void *rsdp, struct ecam_range *out, unsigned max)
{
	const uint8_t *mcfg;
	unsigned i, n;

	if (!rsdp || memcmp(rsdp, "RSD PTR ", 8))
		return -1;
	if (!(mcfg = find_table(rsdp, "MCFG")))
		return -2;
	n = rd32(mcfg + 4) >= 44 ? (rd32(mcfg + 4) - 44) / 16 : 0;
	for (i = 0; i < n && i < max; i++) {
		const uint8_t *e = mcfg + 44 + 16 * i;

		out[i] = (struct ecam_range){ .base = rd64(e),
				.seg = (uint16_t)(e[8] | e[9] << 8), .start = e[10], .end = e[11] };
	}
	return (int)i;
}

uint64_t ecam_address(const struct ecam_range *r, unsigned n, struct pci_fn f, uint16_t off)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (r[i].seg == f.seg && f.bus >= r[i].start && f.bus <= r[i].end)
			return r[i].base + ((uint64_t)(f.bus - r[i].start) << 20 |
					    (uint64_t)f.dev << 15 | (uint64_t)f.fn << 12 | off);
	return 0;
}
