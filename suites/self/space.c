/* The PCI configuration and MMIO spaces as the platform reaches them
 * (efi/platform/pci.c, through pmu/backend/space.h): every Intel platform
 * has its host bridge at 0000:00:00.0 (vendor 8086), which both the
 * platform's mechanism and the legacy ports must read alike; an absent
 * function is a master abort; an MMIO access outside the firmware's MMIO
 * ranges is refused, the local APIC's page inside them is read, and bus
 * 0's memory BARs are resolved to their windows untouched. */
#include "suites/self/self.h"
#include "pmu/backend/space.h"
#include "arch/io.h"

#define HOST_BRIDGE ((struct pci_fn){ 0 })
#define LAPIC_ID 0xFEE00020ull /* xAPIC ID register: bits 31:24 (SDM Vol. 3A 10.4.6) */

/* The legacy mechanism's read of a dword below 0x100 (PCI Local Bus 3.0
 * 3.2.2.3.2), made here to compare with the platform's. */
static uint32_t legacy_read(struct pci_fn f, uint16_t off)
{
	uint64_t flags = plat_irq_save();
	uint32_t v;

	outl(0xCF8, 0x80000000u | (uint32_t)f.bus << 16 | (uint32_t)f.dev << 11 |
		    (uint32_t)f.fn << 8 | (off & 0xFC));
	v = inl(0xCFC);
	plat_irq_restore(flags);
	return v;
}

enum verdict self_pci_config(struct tctx *t)
{
	uint32_t id, legacy, v;
	unsigned dev;
	int rc;

	if ((rc = pci_cfg_read(HOST_BRIDGE, 0, 4, &id)))
		return t_fail(t, "0000:00:00.0's ids: %s (%d); pci: %s", space_rc_text(rc), rc,
			      plat_pci_mechanism());
	legacy = legacy_read(HOST_BRIDGE, 0);
	t_figure(t, "host_bridge_id_reg", id, "reg");
	CHECK(t, (id & 0xFFFF) == 0x8086, "0000:00:00.0 reads 0x%08x: no Intel host bridge", id);
	CHECK(t, legacy == id, "0000:00:00.0's ids: 0x%08x through the platform, 0x%08x through "
	      "0xCF8/0xCFC", id, legacy);
	for (dev = 31; dev > 0; dev--)
		if (pci_cfg_read((struct pci_fn){ .dev = (uint8_t)dev, .fn = 7 }, 0, 4, &v) == PLAT_EABORT)
			break;
	CHECK(t, dev == 0 || v == 0xFFFFFFFFu, "an absent function read 0x%x, not all-ones", v);
	rc = pci_cfg_read(HOST_BRIDGE, 0x100, 4, &v);
	if (rc == PLAT_EUNSUPPORTED)
		plat_log(1, "  self.pci.config: offsets from 0x100 unreachable: %s", plat_pci_mechanism());
	else
		CHECK(t, rc == 0, "0000:00:00.0+0x100 through ECAM: %s (%d)", space_rc_text(rc), rc);
	CHECK(t, pci_cfg_read(HOST_BRIDGE, 0x41, 4, &v) == PLAT_EINVAL, "a misaligned read was "
	      "not refused");
	return V_PASS;
}

/* Every memory BAR of the type-0 functions of bus 0 resolved to its
 * window without any access to it (pci_bar_mmio, PCI Local Bus 3.0
 * 6.2.5.1: a 64-bit BAR takes the next slot for its upper half): a line
 * names each the firmware placed outside its MMIO ranges, which is no
 * failure of the machine; *resolved counts those inside. */
static void bus0_bars(unsigned *resolved)
{
	char fn[16];
	uint32_t id, hdr, raw;
	uint64_t phys;
	unsigned dev, f, bar;
	int rc;

	*resolved = 0;
	for (dev = 0; dev < 32; dev++)
		for (f = 0; f < 8; f++) {
			struct pci_fn x = { .dev = (uint8_t)dev, .fn = (uint8_t)f };

			if (pci_cfg_read(x, 0, 4, &id) || pci_cfg_read(x, 0x0E, 1, &hdr) ||
			    (hdr & 0x7F)) /* absent, or no type-0 header: no six BARs */
				continue;
			pci_fn_text(x, fn, sizeof(fn));
			for (bar = 0; bar < 6; bar++) {
				if (pci_cfg_read(x, (uint16_t)(0x10 + 4 * bar), 4, &raw))
					break;
				rc = pci_bar_mmio(x, bar, 4, &phys);
				*resolved += !rc;
				if (rc == PLAT_ERANGE)
					plat_log(1, "  self.mmio.ranges: %s BAR %u at 0x%llx: %s", fn,
						 bar, (unsigned long long)phys, space_rc_text(rc));
				else if (rc && rc != PLAT_ENOBAR && rc != PLAT_EINVAL)
					plat_log(1, "  self.mmio.ranges: %s BAR %u: %s (%d)", fn, bar,
						 space_rc_text(rc), rc);
				bar += (raw & 7) == 4; /* a 64-bit memory BAR's upper half */
			}
		}
}

enum verdict self_mmio_ranges(struct tctx *t)
{
	unsigned bars;
	uint64_t v;
	int rc;

	rc = mmio_read(0, 4, &v);
	CHECK(t, rc == PLAT_ERANGE, "a read of physical address 0 (memory, not MMIO) gave %d, not "
	      "PLAT_ERANGE", rc);
	rc = mmio_read(LAPIC_ID, 4, &v);
	if (rc == PLAT_ERANGE)
		return t_skip(t, "the local APIC's page is in no firmware-reported MMIO range");
	CHECK(t, rc == 0, "reading the local APIC's ID register: %s (%d)", space_rc_text(rc), rc);
	bus0_bars(&bars);
	t_figure(t, "pci_bars_in_mmio_ranges_count", bars, "count");
	if (plat_apic_mode() == APIC_XAPIC)
		CHECK(t, (v >> 24) == (plat_apic_id() & 0xFF), "the xAPIC ID register reads 0x%llx, "
		      "the BSP's APIC id is %u", (unsigned long long)v, plat_apic_id());
	return V_PASS;
}
