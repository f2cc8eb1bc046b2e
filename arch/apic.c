/* Local APIC access in both modes (SDM Vol. 3A ch. 10; spec C-25..C-37). */
#include "arch/apic.h"
#include "arch/io.h"
#include "arch/msr.h"

static const uint32_t lvt_regs[6] = { APIC_LVTT, APIC_LVTTHM, APIC_LVTPC,
				      APIC_LVT0, APIC_LVT1, APIC_LVTERR };

enum apic_mode apic_mode(void)
{
	uint64_t base = rdmsr(MSR_IA32_APIC_BASE);

	switch (base & (APIC_BASE_EN | APIC_BASE_EXTD)) {
	case APIC_BASE_EN:
		return APIC_MODE_XAPIC;
	case APIC_BASE_EN | APIC_BASE_EXTD:
		return APIC_MODE_X2APIC;
	case 0:
		return APIC_MODE_DISABLED;
	default:
		return APIC_MODE_INVALID;
	}
}

const char *apic_mode_name(enum apic_mode m)
{
	static const char *const names[] = { "disabled", "invalid", "xAPIC", "x2APIC" };

	return names[m];
}

static volatile uint32_t *xapic_reg(uint32_t off)
{
	uint64_t base = rdmsr(MSR_IA32_APIC_BASE) & ~0xfffull & ((1ull << 52) - 1);

	return (volatile uint32_t *)(uintptr_t)(base + off);
}

uint32_t apic_read(uint32_t off)
{
	if (apic_mode() == APIC_MODE_X2APIC)
		return (uint32_t)rdmsr(0x800 + off / 16);
	return *xapic_reg(off);
}

void apic_write(uint32_t off, uint32_t v)
{
	if (apic_mode() == APIC_MODE_X2APIC)
		wrmsr(0x800 + off / 16, v);
	else
		*xapic_reg(off) = v;
}

uint32_t apic_id(void)
{
	if (apic_mode() == APIC_MODE_X2APIC)
		return (uint32_t)rdmsr(0x802);
	return *xapic_reg(APIC_ID) >> 24;
}

void apic_eoi(void)
{
	apic_write(APIC_EOI, 0);
}

int apic_send_ipi(uint32_t dest, uint32_t vector, bool nmi)
{
	uint32_t low = nmi ? APIC_DM_NMI : (vector & 0xff);
	unsigned spins;

	if (apic_mode() == APIC_MODE_X2APIC) {
		wrmsr(0x830, ((uint64_t)dest << 32) | low); /* C-37 */
		return 0;
	}
	*xapic_reg(APIC_ICR2) = dest << 24; /* C-36: high word first */
	*xapic_reg(APIC_ICR) = low;
	for (spins = 0; spins < 1000000; spins++) {
		if (!(*xapic_reg(APIC_ICR) & APIC_ICR_BUSY))
			return 0;
		cpu_relax();
	}
	return -1;
}

void apic_self_ipi(uint32_t vector)
{
	if (apic_mode() == APIC_MODE_X2APIC)
		wrmsr(0x83F, vector & 0xff); /* SELF IPI register */
	else
		*xapic_reg(APIC_ICR) = APIC_DEST_SELF | (vector & 0xff);
}

void apic_save(struct apic_saved *s)
{
	unsigned i;

	s->tpr = apic_read(APIC_TPR);
	s->svr = apic_read(APIC_SVR);
	for (i = 0; i < ARRAY_SIZE(lvt_regs); i++)
		s->lvt[i] = apic_read(lvt_regs[i]);
	s->tdcr = apic_read(APIC_TDCR);
	s->tmict = apic_read(APIC_TMICT);
}

/* SVR first (software enable), then LVTs; the timer's initial count last,
 * because writing it restarts the countdown (the firmware's tick). */
void apic_restore(const struct apic_saved *s)
{
	unsigned i;

	apic_write(APIC_SVR, s->svr);
	apic_write(APIC_TPR, s->tpr);
	apic_write(APIC_TDCR, s->tdcr);
	for (i = 0; i < ARRAY_SIZE(lvt_regs); i++)
		apic_write(lvt_regs[i], s->lvt[i]);
	apic_write(APIC_TMICT, s->tmict);
}

int apic_set_mode(enum apic_mode target)
{
	uint64_t base = rdmsr(MSR_IA32_APIC_BASE);
	enum apic_mode cur = apic_mode();
	struct apic_saved s;
	int vec;

	if (cur == target)
		return 0;
	if (target == APIC_MODE_X2APIC) /* xAPIC -> x2APIC keeps all state */
		return wrmsr_safe(MSR_IA32_APIC_BASE, base | APIC_BASE_EN | APIC_BASE_EXTD);
	if (target != APIC_MODE_XAPIC)
		return -1;
	apic_save(&s);
	vec = wrmsr_safe(MSR_IA32_APIC_BASE, base & ~(APIC_BASE_EN | APIC_BASE_EXTD));
	if (!vec)
		vec = wrmsr_safe(MSR_IA32_APIC_BASE, (base & ~APIC_BASE_EXTD) | APIC_BASE_EN);
	if (!vec)
		apic_restore(&s);
	return vec;
}
