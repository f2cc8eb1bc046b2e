/* plat_identity on UEFI (lib/identity.h): the firmware clock, the
 * microcode revision and the SMBIOS identity, read once on the BSP the first
 * time they are asked for (the banner's), after the exception handlers are
 * in place, so an MSR the CPU lacks is a "#GP" and not a crash. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "efi/platform/smbios.h"
#include "arch/cpuid.h"
#include "arch/fault.h"

#define IA32_BIOS_SIGN_ID 0x8B

/* GetTime gives the clock's local time and its offset from UTC in minutes
 * (UEFI 2.10 8.3.1, EFI_TIME.TimeZone: local = UTC + TimeZone), or
 * EFI_UNSPECIFIED_TIMEZONE, then taken as UTC: PC firmware (OVMF among
 * it) keeps the RTC in UTC unless an OS set it otherwise. */
static void read_clock(struct plat_identity *id)
{
	EFI_TIME t;

	if (!EFI_ERROR(g_st->RuntimeServices->GetTime(&t, NULL)))
		ident_date_utc(id, t.Year, t.Month, t.Day, t.Hour, t.Minute, t.Second, t.TimeZone);
}

/* SDM Vol. 3A 10.11.7.1: write 0 to IA32_BIOS_SIGN_ID, execute CPUID leaf
 * 1, then bits 63:32 of the MSR hold the revision of the loaded update. */
static void read_microcode(struct plat_identity *id)
{
	uint64_t v;
	int vec = wrmsr_safe(IA32_BIOS_SIGN_ID, 0);

	if (vec) {
		snprintf(id->microcode_why, sizeof(id->microcode_why),
			 "writing MSR 0x8B took exception %d", vec);
		return;
	}
	(void)cpuid(1, 0);
	vec = rdmsr_safe(IA32_BIOS_SIGN_ID, &v);
	if (vec) {
		snprintf(id->microcode_why, sizeof(id->microcode_why),
			 "reading MSR 0x8B took exception %d", vec);
		return;
	}
	id->microcode = (uint32_t)(v >> 32);
	id->microcode_known = true;
}

/* The 3.x entry point if the firmware publishes one (its table may hold
 * structures the 2.x one cannot address), else the 2.x one. */
static void read_smbios(struct smbios_ident *sm)
{
	EFI_GUID g3 = SMBIOS3_TABLE_GUID, g2 = SMBIOS_TABLE_GUID;
	const void *ep3 = NULL, *ep2 = NULL;
	uint64_t table;
	uint32_t len;

	for (UINTN i = 0; i < g_st->NumberOfTableEntries; i++) {
		EFI_CONFIGURATION_TABLE *ct = &g_st->ConfigurationTable[i];

		if (!memcmp(&ct->VendorGuid, &g3, sizeof(g3)))
			ep3 = ct->VendorTable;
		else if (!memcmp(&ct->VendorGuid, &g2, sizeof(g2)))
			ep2 = ct->VendorTable;
	}
	/* Boot services map memory 1:1, so the physical addresses are
	 * pointers. */
	if ((ep3 && smbios_entry(ep3, 24, &table, &len, sm)) ||
	    (ep2 && smbios_entry(ep2, 31, &table, &len, sm)))
		smbios_read((const void *)(UINTN)table, len, sm);
	else
		sm->version[0] = '\0';
}

const struct plat_identity *plat_identity(void)
{
	static struct plat_identity id;
	static bool read;

	if (!read) {
		read = true;
		id.tz_minutes = TZ_UNSPECIFIED;
		read_clock(&id);
		read_microcode(&id);
		read_smbios(&id.smbios);
	}
	return &id;
}
