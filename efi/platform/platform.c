/* The rest of lib/platform.h on UEFI: APIC, time, memory, interrupt flag. */
#include "efi/efi.h"
#include "lib/platform.h"
#include "arch/apic.h"
#include "arch/io.h"
#include "arch/tsc.h"

static uint64_t tsc_hz;

enum plat_apic_mode plat_apic_mode(void)
{
	switch (apic_mode()) {
	case APIC_MODE_XAPIC:
		return APIC_XAPIC;
	case APIC_MODE_X2APIC:
		return APIC_X2APIC;
	default:
		return APIC_DISABLED;
	}
}

uint32_t plat_apic_id(void) { return apic_id(); }
uint32_t plat_apic_read_lvtpc(void) { return apic_read(APIC_LVTPC); }
void plat_apic_write_lvtpc(uint32_t v) { apic_write(APIC_LVTPC, v); }
void plat_apic_self_ipi(unsigned vector) { apic_self_ipi(vector); }

int plat_apic_send_ipi(uint32_t dest, unsigned vector, bool nmi)
{
	if (!nmi && (vector < 0x20 || vector > 0xff)) /* C-32 */
		return PLAT_EINVAL;
	return apic_send_ipi(dest, vector, nmi) ? PLAT_ETIMEDOUT : PLAT_OK;
}

uint64_t plat_tsc(void) { return rdtsc(); }

void *plat_alloc(size_t n)
{
	void *p;

	return EFI_ERROR(g_bs->AllocatePool(EfiLoaderData, n, &p)) ? NULL : p;
}
void plat_irq_enable(void) { irq_enable(); }
void plat_irq_disable(void) { irq_disable(); }

void plat_stall_us(uint64_t us)
{
	g_bs->Stall(us);
}

/* Calibrated once, at the first call, against the firmware's Stall
 * (the CPU arch protocol's timer period is wrong on OVMF:
 * docs/platform-notes.md#timer-period), from
 * undisturbed windows only (arch/tsc.c). A calibration that found too few
 * of them is said on the log at once; self.tsc.calibration makes it the
 * run's ERROR. */
uint64_t plat_tsc_hz(void)
{
	const struct tsc_cal *c;

	if (!tsc_hz) {
		c = tsc_cal_by_stall(plat_stall_us);
		tsc_hz = c->hz;
		if (c->trusted)
			plat_log(1, "tsc: %lu kHz by Stall, %u of %u windows disturbed and discarded",
				 (unsigned long)(c->hz / 1000), c->discarded, c->windows);
		else
			plat_log(0, "tsc: could not be calibrated by Stall: %u of %u windows disturbed; "
				 "%lu kHz from the least disturbed, every time of this run is suspect",
				 c->discarded, c->windows, (unsigned long)(c->hz / 1000));
	}
	return tsc_hz;
}

bool plat_tsc_trusted(void)
{
	plat_tsc_hz();
	return tsc_cal_by_stall(plat_stall_us)->trusted;
}

uint64_t plat_irq_save(void)
{
	uint64_t flags;

	__asm__ volatile("pushfq; pop %0; cli" : "=r"(flags) : : "memory");
	return flags;
}

void plat_irq_restore(uint64_t flags)
{
	if (flags & (1u << 9)) /* IF was set */
		irq_enable();
}

uint64_t plat_lock(volatile int *lock)
{
	uint64_t flags = plat_irq_save();

	while (__atomic_exchange_n(lock, 1, __ATOMIC_ACQUIRE))
		cpu_relax();
	return flags;
}

void plat_unlock(volatile int *lock, uint64_t flags)
{
	__atomic_store_n(lock, 0, __ATOMIC_RELEASE);
	plat_irq_restore(flags);
}
